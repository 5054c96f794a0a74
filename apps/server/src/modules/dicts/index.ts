export { dictsModule } from './dicts.routes.js';
export { createDictsService, type DictsService } from './dicts.service.js';
export { createDictTransfer, type DictTransfer } from './dicts.transfer.js';
