/**
 * The LIKE pattern of a search box (pure; unit-tested): "contains", case-insensitive (the text lower-cased), with
 * `%`, `_` and `\` taken literally. Use it with `LIKE … ESCAPE '\'` against a lower-cased column.
 */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
