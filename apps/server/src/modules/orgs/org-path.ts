/**
 * 组织路径: an organisation named by the names from the root down to it, joined by `/` (总公司/华东区/上海). The
 * organisation export writes it and the organisation import reads it, through these two functions only. A `/` or
 * `\` inside a name is escaped with `\` (研发/测试部 is written 研发\/测试部), so every path reads back as the names
 * it was written from.
 */
export const ORG_PATH_SEPARATOR = '/';

/** The path of `names` (root first). */
export function orgPath(names: readonly string[]): string {
  return names.map((name) => name.replace(/[\\/]/g, (c) => `\\${c}`)).join(ORG_PATH_SEPARATOR);
}

/**
 * The names of a path (root first), each trimmed; an empty segment stays (the caller refuses it). A `\` escapes the
 * character after it; a `\` at the end stands for itself.
 */
export function splitOrgPath(path: string): string[] {
  const names: string[] = [];
  let current = '';
  for (let i = 0; i < path.length; i += 1) {
    const c = path[i] as string;
    if (c === '\\' && i + 1 < path.length) {
      current += path[i + 1];
      i += 1;
    } else if (c === ORG_PATH_SEPARATOR) {
      names.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  names.push(current.trim());
  return names;
}
