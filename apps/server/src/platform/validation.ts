import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { currentLocale, t } from './i18n.js';

interface AjvError extends FastifySchemaValidationError {
  parentSchema?: { title?: string; properties?: Record<string, { title?: string }> };
}

function fieldFromPath(instancePath: string): string {
  const last = instancePath.split('/').filter(Boolean).pop();
  return last ?? '';
}

/** Turns the first Ajv error into a sentence (in the request's language) that names the field (its schema `title`) and the rule. */
export function validationMessage(errors: FastifySchemaValidationError[]): string {
  // A union (state: 0/1 or a boolean; text or null) reports its branches first. A branch's own rule (too long)
  // says most; when every branch simply has the wrong type or value, the anyOf error names the field.
  const first = errors[0];
  const union = errors.find((e) => e.keyword === 'anyOf');
  const error = (union && first && (first.keyword === 'type' || first.keyword === 'enum') ? union : first) as
    | AjvError
    | undefined;
  if (!error) return t('validation.body');
  const params = error.params as Record<string, unknown>;
  // The contract's field titles are zh-CN; other languages name the field by its property name (accountNumber).
  const titled = currentLocale() === 'zh-CN';
  const title = (name: string) => (titled ? error.parentSchema?.properties?.[name]?.title : undefined) ?? name;
  const field = (titled ? error.parentSchema?.title : undefined) ?? fieldFromPath(error.instancePath);
  switch (error.keyword) {
    case 'required':
      return t('validation.required', { field: title(String(params.missingProperty)) });
    case 'additionalProperties':
      return t('validation.unknownField', { field: String(params.additionalProperty) });
    case 'minLength':
      return Number(params.limit) === 1
        ? t('validation.required', { field })
        : t('validation.minLength', { field, limit: Number(params.limit) });
    case 'minItems':
      return t('validation.required', { field });
    case 'uniqueItems':
      return t('validation.duplicate', { field });
    case 'maxLength':
      return t('validation.maxLength', { field, limit: Number(params.limit) });
    case 'minimum':
      return t('validation.minimum', { field, limit: Number(params.limit) });
    case 'maximum':
      return t('validation.maximum', { field, limit: Number(params.limit) });
    case 'const':
    case 'enum':
    case 'anyOf':
      return t('validation.enum', { field });
    case 'format':
    case 'pattern':
      return t('validation.format', { field });
    default:
      return field ? t('validation.type', { field }) : t('validation.body');
  }
}

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;
const AJV_OPTIONS = {
  allErrors: false,
  verbose: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
} as const;

/**
 * Query strings and path parameters are text, so they are coerced to the schema's types (`?p=2` → 2). JSON bodies
 * are NOT: `{"id": true}` must not become account 1, and `"1"` is not a number. (Fastify's default coerces both.)
 */
export function installValidation(app: FastifyInstance): void {
  const coercing = addFormats(new Ajv({ ...AJV_OPTIONS, coerceTypes: 'array' }));
  const exact = addFormats(new Ajv({ ...AJV_OPTIONS, coerceTypes: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? exact : coercing).compile(schema));
}
