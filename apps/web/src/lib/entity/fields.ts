import { ENTITIES, type EntitySpec, type FieldSpec, sheetColumns, TELEPHONE_PATTERN } from '@gatehouse/contract';
import type { FormRule } from 'antd';
import { currentLocale } from '@/lib/i18n';
import { type EntityText, tx } from './texts';

/**
 * A field's facts on the web (./index.ts): its label in the page's language, its list column, the limits of its input
 * and the form rules that check them, with messages that name the field.
 */

export type AnyEntity = EntitySpec<Readonly<Record<string, FieldSpec>>>;
/** A field name of the entity. */
export type FieldOf<E extends AnyEntity> = keyof E['fields'] & string;

const fieldSpec = (entity: AnyEntity, key: string): FieldSpec => {
  const field = Object.hasOwn(entity.fields, key) ? entity.fields[key] : undefined;
  if (!field) throw new Error(`${entity.name} has no field ${key}`);
  return field;
};

/** A field's label in the page's language. */
export function fieldLabel<E extends AnyEntity>(entity: E, key: FieldOf<E>): string {
  return fieldSpec(entity, key).label[currentLocale()];
}

/**
 * The label of a field of the declared entity named `entityName` (an audit entry's target type, say), in the page's
 * language; undefined when no declared entity has that name or that field.
 */
export function declaredFieldLabel(entityName: string | null | undefined, key: string): string | undefined {
  const entity: AnyEntity | undefined = ENTITIES.find((declared) => declared.name === entityName);
  if (!entity || !Object.hasOwn(entity.fields, key)) return undefined;
  return entity.fields[key]?.label[currentLocale()];
}

/** A list column of a field: its key and data index (the field's name), title (its label), width, hidden by default. */
export interface EntityColumn {
  key: string;
  dataIndex: string;
  title: string;
  width?: number;
  defaultHidden?: boolean;
}

/** The field's list column, from its `list` spec (a kit table's column, e.g. ListColumn, takes it as it is). */
export function listColumnOf<E extends AnyEntity>(entity: E, key: FieldOf<E>): EntityColumn {
  const list = fieldSpec(entity, key).list;
  return {
    key,
    dataIndex: key,
    title: fieldLabel(entity, key),
    ...(list?.width === undefined ? {} : { width: list.width }),
    ...(list?.hidden ? { defaultHidden: true } : {}),
  };
}

/** The entity's sheet columns' headers in the page's language, by column key (an import names a column by it). */
export function sheetHeaders(entity: AnyEntity): Record<string, string> {
  const locale = currentLocale();
  return Object.fromEntries(sheetColumns(entity).map((column) => [column.key, column.header[locale]]));
}

/** What a field's input schema allows (a nullable input's other branch): the limits a form checks before sending. */
export interface InputLimits {
  kind: 'string' | 'number' | 'other';
  /** Null is accepted (the field may be left empty). */
  nullable: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

type SchemaNode = Readonly<Record<string, unknown>>;

const numberOf = (node: SchemaNode, name: string) =>
  typeof node[name] === 'number' ? (node[name] as number) : undefined;

/** The limits of the field's `input` schema; a field without one (not writable) has none. */
export function inputLimits<E extends AnyEntity>(entity: E, key: FieldOf<E>): InputLimits {
  const input = fieldSpec(entity, key).input as SchemaNode | undefined;
  if (!input) return { kind: 'other', nullable: false };
  const branches = Array.isArray(input.anyOf) ? (input.anyOf as SchemaNode[]) : [input];
  const values = branches.filter((branch) => branch.type !== 'null');
  const nullable = values.length < branches.length;
  const node = values.length === 1 ? values[0] : undefined;
  if (!node) return { kind: 'other', nullable };
  if (node.type === 'string') {
    return {
      kind: 'string',
      nullable,
      ...defined({ minLength: numberOf(node, 'minLength'), maxLength: numberOf(node, 'maxLength') }),
      ...(typeof node.pattern === 'string' ? { pattern: node.pattern } : {}),
    };
  }
  if (node.type === 'integer' || node.type === 'number') {
    return {
      kind: 'number',
      nullable,
      ...defined({ minimum: numberOf(node, 'minimum'), maximum: numberOf(node, 'maximum') }),
    };
  }
  return { kind: 'other', nullable };
}

const defined = <T extends Record<string, number | undefined>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: number;
  };

/** "Or empty" at the end of a pattern (an optional text field's `…|^$`): a form checks only what was typed. */
const OR_EMPTY = '|^$';

/** The contract's patterns a message explains; another pattern is reported as malformed. */
const PATTERN_TEXTS: Readonly<Record<string, EntityText>> = {
  // Letters, digits, '-' and '_' (an organisation's 机构编码).
  '^[A-Za-z0-9_-]*$': 'pattern.code',
  [TELEPHONE_PATTERN]: 'pattern.telephone',
};

/** The message of a pattern rule: what the pattern allows, when it is a known one. */
export function patternText(pattern: string): EntityText {
  const typed = pattern.endsWith(OR_EMPTY) ? pattern.slice(0, -OR_EMPTY.length) : pattern;
  return PATTERN_TEXTS[typed] ?? 'pattern';
}

/** A form value as a write body sends it: a text trimmed. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export interface RuleOptions {
  /**
   * Required in the form. Default: a text input that takes no null and at least one character (a name); a number
   * the form fills in itself is not.
   */
  required?: boolean;
}

/**
 * The antd form rules of a field, from its input schema: required (a blank text is not a value), length, pattern and
 * number range, each message naming the field by its label in the page's language.
 */
export function rulesOf<E extends AnyEntity>(entity: E, key: FieldOf<E>, options: RuleOptions = {}): FormRule[] {
  const field = fieldLabel(entity, key);
  const limits = inputLimits(entity, key);
  const rules: FormRule[] = [];
  const required = options.required ?? (limits.kind === 'string' && !limits.nullable && (limits.minLength ?? 0) >= 1);
  if (required)
    rules.push({ required: true, whitespace: limits.kind === 'string', message: tx('required', { field }) });
  if (limits.kind === 'string') {
    // A text is sent trimmed (a blank one as null where the field takes null): its length and pattern are checked so.
    const transform = trimmed;
    if (limits.minLength !== undefined && limits.minLength > 1) {
      rules.push({ min: limits.minLength, transform, message: tx('minLength', { field, min: limits.minLength }) });
    }
    if (limits.maxLength !== undefined) {
      rules.push({ max: limits.maxLength, transform, message: tx('maxLength', { field, max: limits.maxLength }) });
    }
    if (limits.pattern !== undefined) {
      const pattern = new RegExp(limits.pattern);
      rules.push({ pattern, transform, message: tx(patternText(limits.pattern), { field }) });
    }
  }
  if (limits.kind === 'number') {
    const { minimum: min, maximum: max } = limits;
    if (min !== undefined && max !== undefined) {
      rules.push({ type: 'number', min, max, message: tx('range', { field, min, max }) });
    } else if (min !== undefined) {
      rules.push({ type: 'number', min, message: tx('minimum', { field, min }) });
    } else if (max !== undefined) {
      rules.push({ type: 'number', max, message: tx('maximum', { field, max }) });
    }
  }
  return rules;
}
