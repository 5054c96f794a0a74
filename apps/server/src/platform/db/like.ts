/**
 * LIKE patterns that match a user's text literally: `\`, `%` and `_` are escaped with a backslash, so every LIKE
 * written with them says `escape '\'`.
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches values that start with `text`. */
export const prefixPattern = (text: string): string => `${likeLiteral(text)}%`;

/** Matches values that contain `text`. */
export const containsPattern = (text: string): string => `%${likeLiteral(text)}%`;
