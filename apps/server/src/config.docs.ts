import { paramDef } from '@gatehouse/contract/system-params';
import { ENV_VARS, type EnvVar } from './config.schema.js';

/** The README's configuration table sits between these two lines; `npm run docs:config` rewrites what is between. */
export const TABLE_START =
  '<!-- config-table: generated from apps/server/src/config.schema.ts by `npm run docs:config`; edit the declarations, not the table -->';
export const TABLE_END = '<!-- config-table end -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function defaultCell(v: EnvVar): string {
  if (v.defaultNote !== undefined) return v.defaultNote;
  if (v.default === undefined) return 'unset';
  const value = v.decode(v.default);
  if (value === null) return 'unset';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return v.default === '' ? 'empty' : `\`${v.default}\``;
}

function row(v: EnvVar): string {
  // A 系统参数 the running server changes is marked: the variable then sets only the value a change is undone to.
  const live = v.param !== undefined && paramDef(v.param)?.restart === false;
  const name = `\`${v.name}\`${live ? ' (system parameter)' : ''}`;
  const accepts = `${v.accepts}${v.secret ? '; secret' : ''}`;
  const meaning = `${v.when ? `with \`${v.when.name}=${v.when.value}\`: ` : ''}${v.description}`;
  return `| ${[name, defaultCell(v), accepts, meaning].map(cell).join(' | ')} |`;
}

/** The configuration table, one row per declared variable in the declarations' order (each line ends in \n). */
export function configTable(vars: readonly EnvVar[] = ENV_VARS): string {
  return ['| Variable | Default | Accepts | Meaning |', '|---|---|---|---|', ...vars.map(row), ''].join('\n');
}

/** Where the table lies in the README: from the line after the start marker to the end marker's line. */
function tableSpan(readme: string): { start: number; end: number } | undefined {
  const marker = readme.indexOf(`${TABLE_START}\n`);
  if (marker < 0) return undefined;
  const start = marker + TABLE_START.length + 1;
  const end = readme.indexOf(`${TABLE_END}\n`, start);
  if (end < 0 || (end > start && readme[end - 1] !== '\n')) return undefined;
  return { start, end };
}

/** The table the README holds between its markers; undefined when it has none. */
export function tableIn(readme: string): string | undefined {
  const span = tableSpan(readme);
  return span && readme.slice(span.start, span.end);
}

/** The README with its configuration table written from the declarations. */
export function withConfigTable(readme: string, table = configTable()): string {
  const span = tableSpan(readme);
  if (!span) throw new Error(`the README has no "${TABLE_START}" … "${TABLE_END}" section`);
  return `${readme.slice(0, span.start)}${table}${readme.slice(span.end)}`;
}
