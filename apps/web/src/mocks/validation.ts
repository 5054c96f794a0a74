import { MULTILINE_TEXT_PATTERN, PLAIN_TEXT_PATTERN } from '@gatehouse/contract';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Request validation for the mock with the contract's own schemas, so a form that the server would refuse is
 * refused here too, with a zh-CN sentence naming the field (its schema `title`) as the server words it.
 */

type SchemaNode = { title?: string; properties?: Record<string, SchemaNode>; enum?: unknown[] } & Record<
  string,
  unknown
>;

/** The schema node a typebox `schemaPath` ('#/properties/o/anyOf/0') points at. */
function nodeAt(root: TSchema, schemaPath: string): SchemaNode | undefined {
  let node: unknown = root;
  for (const segment of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === 'object' && node !== null ? (node as SchemaNode) : undefined;
}

/** The title of the field an error is about: the nearest titled schema on its path, else the property name. */
function fieldTitle(root: TSchema, schemaPath: string, instancePath: string): string {
  const segments = schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean);
  for (let end = segments.length; end > 0; end--) {
    const title = nodeAt(root, `#/${segments.slice(0, end).join('/')}`)?.title;
    if (title) return title;
  }
  return instancePath.split('/').filter(Boolean).pop() ?? '';
}

const messages = {
  required: (field: string) => `请填写${field}`,
  type: (field: string) => `${field}格式不正确`,
  minLength: (field: string, limit: number) => `${field}长度不能少于 ${limit} 个字符`,
  maxLength: (field: string, limit: number) => `${field}长度不能超过 ${limit} 个字符`,
  minimum: (field: string, limit: number) => `${field}不能小于 ${limit}`,
  maximum: (field: string, limit: number) => `${field}不能大于 ${limit}`,
  enum: (field: string) => `${field}取值不正确`,
  duplicate: (field: string) => `${field}不能重复`,
  unknownField: (field: string) => `不支持的字段：${field}`,
  plainText: (field: string) => `${field}不能包含控制字符或文字方向控制字符`,
  body: '请求内容格式不正确',
};

/**
 * The first problem of `value` against `schema`, or null when it is valid: a zh-CN sentence, and the top-level field
 * it is about (as the server's `validationField` names it for a body: forms show the message under that field).
 */
export function validationProblem(schema: TSchema, value: unknown): { message: string; field?: string } | null {
  if (Value.Check(schema, value)) return null;
  const errors = Value.Errors(schema, value);
  // Reported problems in the order a person fixes them: a missing field before a malformed one.
  const error =
    errors.find((e) => e.keyword === 'required') ??
    errors.find((e) => e.keyword === 'additionalProperties') ??
    errors.find((e) => e.keyword !== 'boolean' && e.keyword !== 'anyOf') ??
    errors[0];
  if (!error) return { message: messages.body };
  const top =
    error.instancePath.split('/').filter(Boolean)[0] ??
    (error.keyword === 'required'
      ? (error.params as { requiredProperties?: string[] }).requiredProperties?.[0]
      : undefined);
  return { message: messageOf(schema, error), ...(top ? { field: top } : {}) };
}

/** The sentence of one problem, naming its field by the schema's title. */
function messageOf(schema: TSchema, error: ReturnType<typeof Value.Errors>[number]): string {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  const field = fieldTitle(schema, error.schemaPath, error.instancePath);
  switch (error.keyword) {
    case 'required': {
      const name = String((params.requiredProperties as string[] | undefined)?.[0] ?? '');
      const owner = nodeAt(schema, error.schemaPath);
      return messages.required(owner?.properties?.[name]?.title ?? name);
    }
    case 'additionalProperties':
      return messages.unknownField(String((params.additionalProperties as string[] | undefined)?.[0] ?? ''));
    case 'minLength':
      return limit === 1 ? messages.required(field) : messages.minLength(field, limit);
    case 'minItems':
      return messages.required(field);
    case 'uniqueItems':
      return messages.duplicate(field);
    case 'maxLength':
      return messages.maxLength(field, limit);
    case 'minimum':
      return messages.minimum(field, limit);
    case 'maximum':
      return messages.maximum(field, limit);
    case 'const':
    case 'enum':
      return messages.enum(field);
    case 'pattern':
      // The contract's default for request text (common.ts): controls and bidi characters refused.
      return params.pattern === PLAIN_TEXT_PATTERN || params.pattern === MULTILINE_TEXT_PATTERN
        ? messages.plainText(field)
        : messages.type(field);
    default:
      return field ? messages.type(field) : messages.body;
  }
}

/** Query strings and path segments arrive as text: numbers are converted where the schema wants them. */
export function coerceText(schema: TSchema, value: Record<string, string>): unknown {
  return Value.Convert(schema, { ...value });
}

/** A 0/1 switch (contract: StateInput) accepts a boolean too, as the server does. */
export function coerceBody(schema: TSchema, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, property] of Object.entries((schema as SchemaNode).properties ?? {})) {
    const allowed = property.enum;
    if (typeof copy[name] === 'boolean' && allowed?.includes(0) && allowed.includes(1)) copy[name] = copy[name] ? 1 : 0;
  }
  return copy;
}
