export { orgsModule } from './orgs.routes.js';
export { createOrgsService, type OrgsService } from './orgs.service.js';
