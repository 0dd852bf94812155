/**
 * `text` as a LIKE / ILIKE pattern that matches it literally anywhere in a value: `%text%`, its
 * `\`, `%` and `_` escaped with PostgreSQL's default escape character. Unlike `position(text in
 * column) > 0`, which means the same, such a pattern can use a column's trigram (`gin_trgm_ops`)
 * index.
 */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
