export { createSystemRepository } from './system.repository.js';
export { systemModule } from './system.routes.js';
