import { routes, type SystemParamDef } from '@gatehouse/contract';
import { paramDef, parseParam, SYSTEM_PARAMS } from '@gatehouse/contract/system-params';
import { fail, failField, handle } from '@/mocks/handle';
import type { MockStore } from '@/mocks/store';

/** A value as the server answers it: a flag true or false, no id ''. */
const textOf = (value: string | number | boolean | null) => (value === null ? '' : String(value));

function viewOf(store: MockStore, def: SystemParamDef) {
  const stored = store.systemParams.get(def.key);
  return {
    key: def.key,
    value: stored ?? textOf((parseParam(def, def.defaultValue) as { value: string | number | boolean | null }).value),
    defaultValue: def.defaultValue,
    source: stored === undefined ? ('default' as const) : ('database' as const),
    restart: def.restart,
  };
}

/** A parameter's value in effect in the mock (the stored change, else the declared default), as the server answers it. */
export const paramValue = (store: MockStore, key: string): string => viewOf(store, paramDef(key)!).value;

/** What a value must be, as the server's `param.expect*` messages say it. */
function expected(def: SystemParamDef): string {
  const kind = def.kind;
  if (kind.type === 'enum') return `应为 ${kind.values.join('、')} 之一`;
  if (kind.type === 'int') return `应为 ${kind.min} 到 ${kind.max} 的整数`;
  if (kind.type === 'flag') return '应为 true 或 false';
  return '应为正整数 ID，或留空';
}

/** 系统参数: the screen's list and changes; super-admin only, as the server's `system` class says. */
export const systemParamMocks = {
  listSystemParams: handle(routes.listSystemParams, ({ store }) => SYSTEM_PARAMS.map((def) => viewOf(store, def))),

  updateSystemParam: handle(routes.updateSystemParam, ({ store, body, me, session }) => {
    const role = store.roles.find((r) => r.id === me().roleId);
    if (!role?.builtin) fail('只有超级管理员可以执行“修改系统参数”', 403);
    if (session?.originalAccountId)
      fail('切换身份期间不能执行“修改系统参数”（会改变整个系统的行为），请先返回原身份', 403);
    const def = paramDef(body.key);
    if (!def) failField('key', `系统参数“${body.key}”不存在`);
    if (def.restart) failField('key', `“${def.title.zh}”需要重启才能生效，只能在环境变量 ${def.env} 中设置`);
    if (body.reset) store.systemParams.delete(def.key);
    else {
      const parsed = parseParam(def, body.value);
      if (!parsed.ok) failField('value', `“${def.title.zh}”取值不正确：${expected(def)}`);
      const id = parsed.value;
      if (def.key === 'registrationOrgId' && typeof id === 'number' && !store.orgs.some((o) => o.id === id)) {
        failField('value', `组织 ${id} 不存在`);
      }
      if (
        def.key === 'registrationRoleId' &&
        typeof id === 'number' &&
        !store.roles.some((r) => r.id === id && !r.builtin)
      ) {
        failField('value', `角色 ${id} 不存在或是超级管理员角色，不能交给自助注册的账号`);
      }
      store.systemParams.set(def.key, textOf(parsed.value));
    }
    return viewOf(store, def);
  }),
};
