export { type CrudEntity, createdField, type InUseCheck, type StoredRow } from './crud.model.js';
export { auditedCrudRows, crudEntities, crudRows, crudRowsQuery } from './crud.reads.js';
export { type CrudEngines, crudModule } from './crud.routes.js';
export { type CrudService, createCrudService } from './crud.service.js';
export { type CrudTransfer, createCrudTransfer } from './crud.transfer.js';
