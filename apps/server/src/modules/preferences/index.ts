export { preferencesModule } from './preferences.routes.js';
export { createPreferencesService, type PreferencesService } from './preferences.service.js';
