import type { FastifySchemaValidationError } from 'fastify';
import { t } from './i18n.js';

interface AjvError extends FastifySchemaValidationError {
  parentSchema?: { title?: string; properties?: Record<string, { title?: string }> };
}

function fieldFromPath(instancePath: string): string {
  const last = instancePath.split('/').filter(Boolean).pop();
  return last ?? '';
}

/** Turns the first Ajv error into a zh-CN sentence that names the field (its schema `title`) and the rule. */
export function validationMessage(errors: FastifySchemaValidationError[]): string {
  const error = errors[0] as AjvError | undefined;
  if (!error) return t('validation.body');
  const params = error.params as Record<string, unknown>;
  const title = (name: string) => error.parentSchema?.properties?.[name]?.title ?? name;
  const field = error.parentSchema?.title ?? fieldFromPath(error.instancePath);
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
      return t('validation.enum', { field });
    case 'format':
    case 'pattern':
      return t('validation.format', { field });
    default:
      return field ? t('validation.type', { field }) : t('validation.body');
  }
}
