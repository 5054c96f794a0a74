export { createOnlineRepository } from './online.repository.js';
export { sessionsModule } from './online.routes.js';
export { createOnlineService, type OnlineService } from './online.service.js';
