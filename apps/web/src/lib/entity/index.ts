/**
 * What the web derives from an entity's descriptor (packages/contract/src/entity.ts, docs/adr/0041): a field's label
 * in the page's language, its list column, the limits of its input and the form rules that check them, with messages
 * that name the field (fields.ts); a list's columns, filters, search scopes and export columns (list.ts); a dialog's
 * writable fields, their controls and the form ↔ body mapping (form.ts). A screen states only what is its own.
 */
export * from './fields';
export * from './form';
export * from './list';
