export { type CredentialsService, createCredentialsService } from './credentials.service.js';
export { createMessageQueue } from './message-queue.js';
export { createOutbox, createSmtpSender } from './messaging.js';
export { messageQueueJob, verificationPurgeJob } from './verification.jobs.js';
export { createVerificationRepository } from './verification.repository.js';
export { verificationModule } from './verification.routes.js';
export { createVerificationService, type VerificationService } from './verification.service.js';
