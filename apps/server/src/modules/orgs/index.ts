export { ORG_PATH_SEPARATOR, orgPath, splitOrgPath } from './org-path.js';
export { insertRootOrg } from './orgs.repository.js';
export { orgsModule } from './orgs.routes.js';
export { createOrgsService, type OrgExportRow, type OrgsService } from './orgs.service.js';
export { createOrgTransfer, type OrgTransfer } from './orgs.transfer.js';
