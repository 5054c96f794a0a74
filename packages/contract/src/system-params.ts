import { Type } from 'typebox';
import { defineRoute } from './define.js';

/**
 * 系统参数: the settings an administrator changes while the product runs, and the ones that need a
 * restart, shown read-only. Each is declared here once: its key, the environment variable that sets its initial
 * value, its kind and limits, its default, its group and its label in both languages. The server parses the
 * environment and a stored value with the same declaration (apps/server config.ts, modules/system-params), and the
 * web builds the screen's rows and controls from it.
 */
export type SystemParamKind =
  | { type: 'enum'; values: readonly string[] }
  | { type: 'int'; min: number; max: number; unit?: 'seconds' | 'minutes' | 'days' | 'mb' }
  | { type: 'flag' }
  | { type: 'id' }
  | { type: 'text' };

export type SystemParamGroup = 'registration' | 'signIn' | 'passwords' | 'sessions' | 'audit' | 'uploads' | 'server';

export interface SystemParamDef {
  key: string;
  /** The environment variable that sets the initial value (and, for a restart setting, the only one). */
  env: string;
  kind: SystemParamKind;
  /** The value without the environment variable, as text ('' for none). */
  defaultValue: string;
  group: SystemParamGroup;
  /** Set in the environment only; the running server shows it and a change needs a restart. */
  restart: boolean;
  title: { zh: string; en: string };
  /** What the setting does, one sentence each. */
  help: { zh: string; en: string };
}

export const SystemParam = Type.Object({
  key: Type.String(),
  /** The value in effect, as text (a flag: true or false; an id: '' for none). */
  value: Type.String(),
  defaultValue: Type.String(),
  /** Where the value in effect comes from: the environment, the default, or a change made on this screen. */
  source: Type.Union([Type.Literal('env'), Type.Literal('default'), Type.Literal('database')]),
  restart: Type.Boolean(),
});

export const systemParamRoutes = {
  listSystemParams: defineRoute({
    method: 'GET',
    path: '/system/param/s',
    access: 'permission',
    title: '系统参数列表',
    menu: '/system/SystemParam',
    screen: true,
    description: 'Every 系统参数: value in effect, default, source (env, default, database); `restart` ones read-only.',
    response: Type.Array(SystemParam),
  }),
  updateSystemParam: defineRoute({
    method: 'PUT',
    path: '/system/param',
    access: 'permission',
    title: '修改系统参数',
    menu: '/system/SystemParam',
    security: ['system'],
    description: 'One change (super-admin, sudo; `reset` undoes it), in effect on every instance at its next request.',
    body: Type.Object(
      {
        key: Type.String({ minLength: 1, maxLength: 64, title: '参数' }),
        value: Type.String({ maxLength: 200, title: '参数值' }),
        reset: Type.Optional(Type.Boolean({ title: '恢复默认' })),
      },
      { additionalProperties: false },
    ),
    response: SystemParam,
  }),
};
