import { defineTexts } from '../../platform/texts.js';

/**
 * The words the generic CRUD engine raises beside the platform's shared ones (crud.taken): a missing row and the import
 * template's name, both naming the entity by its label.
 */
export const crudTexts = defineTexts({
  'zh-CN': {
    'crud.notFound': '{entity}不存在或已被删除',
    'crud.templateName': '{entity}导入模板',
  },
  'en-US': {
    'crud.notFound': 'The {entity} does not exist or was deleted',
    'crud.templateName': '{entity} import template',
  },
});
