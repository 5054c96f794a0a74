export { createResourcesAdmin, type ResourcesAdmin } from './resources.admin.js';
export { toResource } from './resources.mapper.js';
export { createResourcesRepository } from './resources.repository.js';
export { resourcesModule } from './resources.routes.js';
export { createResourcesService, type ResourcesService } from './resources.service.js';
