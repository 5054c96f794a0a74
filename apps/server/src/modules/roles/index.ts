export { builtinRoleId, insertBuiltinRole } from './roles.repository.js';
export { rolesModule } from './roles.routes.js';
export { createRolesService, type RolesService } from './roles.service.js';
