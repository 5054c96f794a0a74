export { regionsModule } from './regions.routes.js';
export { createRegionsService, type RegionsService } from './regions.service.js';
