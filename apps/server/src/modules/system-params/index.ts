export { liveView } from './bindings.js';
export { createSystemParamsRepository } from './system-params.repository.js';
export { systemParamsModule } from './system-params.routes.js';
export { createSystemParams, type SystemParams } from './system-params.service.js';
