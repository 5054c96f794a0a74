import type { CreateResourceBody, Resource, UpdateResourceBody } from '@/features/resources/api/resources.api';

export type ResourceMethod = 'get' | 'post' | 'put' | 'delete';
export const METHODS: readonly ResourceMethod[] = ['get', 'post', 'put', 'delete'];

/** What the form on the right edits: an existing node, or a new menu / API resource under `pid`. */
export type ResourceTarget = { kind: 'edit'; resource: Resource } | { kind: 'create'; type: 0 | 1; pid: number | null };

/** The initial target: a new root menu, so saving without choosing a node creates one (reference UI §1.10). */
export const newRootMenu: ResourceTarget = { kind: 'create', type: 0, pid: null };

export interface ResourceFormValues {
  name: string;
  route: string;
  method?: ResourceMethod;
  url: string;
  pid: number | null;
  orderNum: number | null;
  remark: string;
  /** A menu's icon (an antd icon name from the menu-icon registry); null for none. */
  icon: string | null;
}

export const targetType = (target: ResourceTarget): 0 | 1 =>
  target.kind === 'edit' ? target.resource.type : target.type;

export function toFormValues(target: ResourceTarget): ResourceFormValues {
  if (target.kind === 'create') {
    return {
      name: '',
      route: '',
      method: target.type === 1 ? 'get' : undefined,
      url: '',
      pid: target.pid,
      orderNum: 0,
      remark: '',
      icon: null,
    };
  }
  const r = target.resource;
  const method = r.method?.toLowerCase();
  return {
    name: r.name,
    route: r.route ?? '',
    method: METHODS.includes(method as ResourceMethod) ? (method as ResourceMethod) : undefined,
    url: r.url ?? '',
    pid: r.pid,
    orderNum: r.orderNum,
    remark: r.remark ?? '',
    icon: r.icon,
  };
}

const optional = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The fields both requests carry; a menu has no method/url, an API resource no route and no icon. */
function fields(type: 0 | 1, values: ResourceFormValues) {
  return {
    type,
    name: values.name.trim(),
    pid: values.pid ?? null,
    route: type === 0 ? optional(values.route) : null,
    method: type === 1 ? (values.method ?? null) : null,
    url: type === 1 ? optional(values.url) : null,
    remark: optional(values.remark),
    orderNum: values.orderNum ?? 0,
    icon: type === 0 ? (values.icon ?? null) : null,
  };
}

export function toCreateBody(type: 0 | 1, values: ResourceFormValues): CreateResourceBody {
  return fields(type, values);
}

/** PUT carries every field (specification §5: id, method, name, pid, remark, route, type, url). */
export function toUpdateBody(resource: Resource, values: ResourceFormValues): UpdateResourceBody {
  const body = { id: resource.id, ...fields(resource.type, values) };
  // A built-in resource's route, method and url are fixed: send them as stored, whatever the (read-only) inputs hold.
  if (resource.builtin) return { ...body, route: resource.route, method: resource.method, url: resource.url };
  return body;
}
