export { installAuditTrail, isAudited, noteAuditTarget } from './audit.recorder.js';
export { auditHandlers } from './audit.routes.js';
export { type AuditService, createAuditService } from './audit.service.js';
export { createLogRetention } from './retention.js';
