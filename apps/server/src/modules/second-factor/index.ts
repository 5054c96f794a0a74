export { secondFactorPurgeJob } from './second-factor.jobs.js';
export { createSecondFactorRepository, type SecondFactorRepository } from './second-factor.repository.js';
export { secondFactorModule } from './second-factor.routes.js';
export {
  createSecondFactorService,
  type RelyingParty,
  type SecondFactorPolicy,
  type SecondFactorService,
} from './second-factor.service.js';
