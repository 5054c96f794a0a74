import { routes } from '@gatehouse/contract';
import { fail, handle } from '@/mocks/handle';
import { byOrder, type MockStore, nextId, type Resource, subtreeIds } from '@/mocks/store';
import { textOrNull } from './fields';

interface ResourceFields {
  type: 0 | 1;
  pid: number | null;
  route: string | null;
  method: string | null;
  url: string | null;
}

/** A menu needs a route, an API resource a method and a url; parents are menus; one resource per method + url. */
function checkShape(store: MockStore, fields: ResourceFields, selfId: number | null) {
  if (fields.pid !== null) {
    const parent = store.resources.find((r) => r.id === fields.pid) ?? fail('父级资源不存在');
    if (parent.type !== 0) fail('父级必须是菜单（路由）类型的资源');
  }
  if (fields.type === 0) {
    if (fields.route && !fields.route.startsWith('/')) fail('路由必须以 / 开头');
    return;
  }
  if (!fields.method) fail('请选择请求方法');
  if (!fields.url) fail('请填写 URL');
  if (!fields.url.startsWith('/')) fail('URL 必须以 / 开头');
  const method = fields.method.toLowerCase();
  if (store.resources.some((r) => r.type === 1 && r.method === method && r.url === fields.url && r.id !== selfId)) {
    fail(`已存在相同方法和 URL 的资源：${method} ${fields.url}`);
  }
}

export const resourceMocks = {
  listResources: handle(routes.listResources, ({ store }) => [...store.resources].sort(byOrder)),

  createResource: handle(routes.createResource, ({ store, body }) => {
    const fields: ResourceFields = {
      type: body.type,
      pid: body.pid ?? null,
      route: body.type === 0 ? textOrNull(body.route) : null,
      method: body.type === 1 ? (textOrNull(body.method)?.toLowerCase() ?? null) : null,
      url: body.type === 1 ? textOrNull(body.url) : null,
    };
    checkShape(store, fields, null);
    const siblings = store.resources.filter((r) => r.pid === fields.pid);
    const resource: Resource = {
      id: nextId(store, 'resource'),
      ...fields,
      name: body.name.trim() || fail('请填写名称'),
      remark: textOrNull(body.remark),
      orderNum: body.orderNum ?? Math.max(-1, ...siblings.map((r) => r.orderNum)) + 1,
      icon: body.type === 0 ? (body.icon ?? null) : null,
      builtin: false,
    };
    store.resources.push(resource);
    return resource;
  }),

  updateResource: handle(routes.updateResource, ({ store, body }) => {
    const resource = store.resources.find((r) => r.id === body.id) ?? fail('资源不存在或已被删除');
    const fields: ResourceFields = {
      type: body.type,
      pid: body.pid,
      route: body.type === 0 ? textOrNull(body.route) : null,
      method: body.type === 1 ? (textOrNull(body.method)?.toLowerCase() ?? null) : null,
      url: body.type === 1 ? textOrNull(body.url) : null,
    };
    if (
      resource.builtin &&
      (fields.type !== resource.type ||
        fields.route !== resource.route ||
        fields.method !== resource.method ||
        fields.url !== resource.url)
    ) {
      fail('内置资源的类型、路由、方法和 URL 不能修改');
    }
    checkShape(store, fields, resource.id);
    if (fields.pid !== null && subtreeIds(store.resources, resource.id).has(fields.pid)) {
      fail('不能把资源移动到它自己或它的下级之下');
    }
    Object.assign(resource, fields, {
      name: body.name.trim() || fail('请填写名称'),
      remark: textOrNull(body.remark),
      orderNum: body.orderNum ?? resource.orderNum,
      // Like the server: an icon left out is kept, null removes it; API resources have none.
      icon: body.type === 0 ? (body.icon === undefined ? resource.icon : body.icon) : null,
    });
    return resource;
  }),

  deleteResource: handle(routes.deleteResource, ({ store, query }) => {
    const resource = store.resources.find((r) => r.id === query.id) ?? fail('资源不存在或已被删除');
    if (resource.builtin) fail('内置资源不能删除');
    const children = store.resources.filter((r) => r.pid === resource.id).length;
    if (children) fail(`该资源下还有 ${children} 个子资源，请先删除子资源`);
    store.resources.splice(store.resources.indexOf(resource), 1);
    for (const role of store.roles) role.resources = role.resources.filter((id) => id !== resource.id);
    return null;
  }),
};
