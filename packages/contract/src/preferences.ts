import { Type } from 'typebox';
import { defineRoute } from './define.js';

/** A stored preference's JSON text is at most this many bytes (UTF-8). */
export const PREFERENCE_MAX_BYTES = 16 * 1024;
/** One account keeps at most this many preference keys. */
export const PREFERENCE_MAX_KEYS = 100;

const PreferenceKeyParams = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
      title: '偏好设置名称',
      description: 'e.g. `table.accounts`: letters, digits, `_`, `.` and `-`, starting with a letter.',
    }),
  },
  { additionalProperties: false },
);

/**
 * Per-account settings of the web app (a table's columns and density, …) kept on the server, so they follow the
 * account to another browser. Each account sees and changes only its own.
 */
export const preferenceRoutes = {
  getPreference: defineRoute({
    method: 'GET',
    path: '/preferences/:key',
    access: 'signed-in',
    title: '读取偏好设置',
    description: 'The signed-in account’s value stored under `key` (any JSON), or null when none is stored.',
    params: PreferenceKeyParams,
    response: Type.Unknown(),
  }),
  putPreference: defineRoute({
    method: 'PUT',
    path: '/preferences/:key',
    access: 'signed-in',
    title: '保存偏好设置',
    description: `Stores the request body (any JSON value, at most ${PREFERENCE_MAX_BYTES} bytes as UTF-8 JSON text) under \`key\` for the signed-in account only, replacing what was there; null (or no body) removes it. An account keeps at most ${PREFERENCE_MAX_KEYS} keys. Answers the stored value.`,
    params: PreferenceKeyParams,
    body: Type.Unknown({ title: '偏好设置' }),
    response: Type.Unknown(),
  }),
};
