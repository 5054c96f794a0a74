export { createStatsRepository } from './stats.repository.js';
export { statsModule } from './stats.routes.js';
export { createStatsService, type StatsService } from './stats.service.js';
