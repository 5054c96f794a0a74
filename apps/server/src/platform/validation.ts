import { bodyIntake, MULTILINE_TEXT_PATTERN, PLAIN_TEXT_PATTERN } from '@gatehouse/contract';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { AppError, fieldError } from './errors.js';
import { currentLocale, pickLocale, t } from './i18n.js';

const DATE_FORMATS = new Set(['date', 'date-time']);
const TEXT_PATTERNS = new Set([PLAIN_TEXT_PATTERN, MULTILINE_TEXT_PATTERN]);

interface AjvError extends FastifySchemaValidationError {
  parentSchema?: { title?: string; properties?: Record<string, { title?: string }> };
}

function fieldFromPath(instancePath: string): string {
  const last = instancePath.split('/').filter(Boolean).pop();
  return last ?? '';
}

/**
 * The top-level body field the first Ajv error is about (what `validationMessage` names), for forms to show the
 * message beside it; undefined when the error is about the body as a whole or a query.
 */
export function validationField(errors: FastifySchemaValidationError[], context?: string): string | undefined {
  const first = errors[0];
  if (!first || context !== 'body') return undefined;
  const top = first.instancePath.split('/').filter(Boolean)[0];
  if (top) return top;
  const params = first.params as Record<string, unknown>;
  return first.keyword === 'required' ? String(params.missingProperty) : undefined;
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
    case 'maxItems':
      return t('validation.maxItems', { field, limit: Number(params.limit) });
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
      return DATE_FORMATS.has(String(params.format))
        ? t('validation.date', { field })
        : t('validation.format', { field });
    case 'pattern':
      return TEXT_PATTERNS.has(String(params.pattern))
        ? t('validation.plainText', { field })
        : t('validation.format', { field });
    default:
      return field ? t('validation.type', { field }) : t('validation.body');
  }
}

const addFormats = addFormatsPlugin as unknown as ((ajv: Ajv) => Ajv) & {
  get(name: string, mode: 'full'): { validate: (value: string) => boolean };
};

/**
 * ajv-formats' full mode already refuses 30 February and 25:00, but RFC 3339 lets a date-time end on a leap
 * second (23:59:60), which JavaScript's Date cannot represent: the value passed the schema and then made
 * `new Date(…).toISOString()` throw. A date or date-time is valid only when Date reads it too.
 */
function strictDates(ajv: Ajv): Ajv {
  for (const name of DATE_FORMATS) {
    const full = addFormats.get(name, 'full');
    ajv.addFormat(name, {
      type: 'string',
      validate: (value) => full.validate(value) && !Number.isNaN(Date.parse(value)),
    });
  }
  return ajv;
}

/** JSON nesting no request of the contract comes near; deeper bodies are refused before they are parsed. */
/**
 * A required text of a body, trimmed. Blank (nothing left after trimming, which the schema cannot see) is a 400 on
 * its field, named as the schema's own refusals name it: by its zh-CN title in Chinese, by its property name otherwise.
 */
export function requiredText(value: string, field: string, title: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw fieldError(field, t('validation.blank', { field: currentLocale() === 'zh-CN' ? title : field }));
  return trimmed;
}

export const MAX_JSON_DEPTH = 32;

/**
 * The depth of the deepest array or object in a JSON text, stopping early past `limit`. A linear scan that
 * skips strings, so nothing deep is ever materialised: a 10,000-deep body parses fine, but the code that walks
 * it afterwards (the audit trail's diff, JSON.stringify) recurses and overflows the stack.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (secure-json-parse, prototype poisoning refused), behind the depth check. */
function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      // The body is read outside the request's locale context: the language comes from the header itself.
      const locale = pickLocale(request.headers['accept-language']);
      done(new AppError(400, t('validation.tooDeep', { limit: MAX_JSON_DEPTH }, locale)), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
const AJV_OPTIONS = {
  allErrors: false,
  verbose: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
} as const;

type BodyValidator = ((data: unknown) => false | { value: unknown }) & {
  errors?: FastifySchemaValidationError[] | null;
};

/**
 * A body's validator: the contract's intake (`bodyIntake`: fields the route does not write dropped, "" and null as
 * "none", decimal numerals as numbers) and then the schema, on what the intake kept. The handler is given that.
 */
function bodyValidatorOf(ajv: Ajv, schema: object): BodyValidator {
  const validate = ajv.compile(schema);
  const intake = bodyIntake(schema);
  const check: BodyValidator = (data) => {
    const value = intake(data);
    if (validate(value)) return { value };
    check.errors = validate.errors as FastifySchemaValidationError[] | null | undefined;
    return false;
  };
  return check;
}

/**
 * Query strings and path parameters are text, so they are coerced to the schema's types (`?p=2` → 2). JSON bodies
 * are NOT coerced by Ajv: `{"id": true}` must not become account 1. They pass the contract's intake instead, which
 * takes a decimal numeral in a string for a number field and nothing else (see `bodyIntake`).
 */
export function installValidation(app: FastifyInstance): void {
  const coercing = strictDates(addFormats(new Ajv({ ...AJV_OPTIONS, coerceTypes: 'array' })));
  const exact = strictDates(addFormats(new Ajv({ ...AJV_OPTIONS, coerceTypes: false })));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? bodyValidatorOf(exact, schema) : coercing.compile(schema),
  );
  installJsonParser(app);
}

let rowAjv: Ajv | undefined;

/**
 * A request body's validator for data that did not come as a request body (a row of an imported sheet is checked
 * as the single-row route's body would be): answers the failing field's name and the same sentence the API would
 * answer, or null when the value passes.
 */
export function bodyValidator(schema: object): (value: unknown) => { field: string; message: string } | null {
  rowAjv ??= strictDates(addFormats(new Ajv({ ...AJV_OPTIONS, coerceTypes: false })));
  const validate = rowAjv.compile(schema);
  return (value) => {
    if (validate(value)) return null;
    const errors = (validate.errors ?? []) as unknown as FastifySchemaValidationError[];
    const first = errors[0];
    const field =
      first?.keyword === 'required'
        ? String((first.params as Record<string, unknown>).missingProperty)
        : (first?.instancePath.split('/').filter(Boolean)[0] ?? '');
    return { field, message: validationMessage(errors) };
  };
}
