export { configBundleModule } from './config-bundle.routes.js';
export { type ConfigBundleService, createConfigBundleService } from './config-bundle.service.js';
