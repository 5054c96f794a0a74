import { defineTexts } from '../../platform/texts.js';

/**
 * The words the resources module raises: the permission tree's rules (the configuration bundle checks its resources by
 * them too).
 */
export const resourcesTexts = defineTexts({
  'zh-CN': {
    'resource.notFound': '资源不存在或已被删除',
    'resource.parentNotFound': '父级资源不存在',
    'resource.parentNotMenu': '父级必须是菜单（路由）类型的资源',
    'resource.cycle': '不能把资源移动到它自己或它的下级之下',
    'resource.hasChildren': '该资源下还有 {count} 个子资源，请先删除子资源',
    'resource.builtinDelete': '内置资源不能删除',
    'resource.builtinFixed': '内置资源的类型、路由、方法和 URL 不能修改',
    'resource.methodRequired': '请选择请求方法',
    'resource.urlRequired': '请填写 URL',
    'resource.urlFormat': 'URL 必须以 / 开头',
    'resource.routeFormat': '路由必须以 / 开头',
    'resource.duplicateApi': '已存在相同方法和 URL 的资源：{method} {url}',
  },
  'en-US': {
    'resource.notFound': 'The resource does not exist or was deleted',
    'resource.parentNotFound': 'The parent resource does not exist',
    'resource.parentNotMenu': 'The parent must be a menu (route) resource',
    'resource.cycle': 'A resource cannot move under itself or one of its descendants',
    'resource.hasChildren': 'This resource still has {count} children; delete them first',
    'resource.builtinDelete': 'Built-in resources cannot be deleted',
    'resource.builtinFixed': 'The type, route, method and URL of a built-in resource cannot change',
    'resource.methodRequired': 'Please choose the request method',
    'resource.urlRequired': 'Please fill in the URL',
    'resource.urlFormat': 'The URL must start with /',
    'resource.routeFormat': 'The route must start with /',
    'resource.duplicateApi': 'A resource with the same method and URL exists: {method} {url}',
  },
});
