export { logRetentionJob } from './audit.jobs.js';
export { auditTrail, isAudited, noteAuditBatch, noteAuditChange, noteAuditTarget } from './audit.recorder.js';
export { type AuditRepository, createAuditRepository } from './audit.repository.js';
export { auditModule } from './audit.routes.js';
export { type AuditService, createAuditService } from './audit.service.js';
export { createLogRetention, type LogRetention } from './retention.js';
