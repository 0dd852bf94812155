/**
 * The checks behind the input primitives of `primitives.ts` (which re-exports them), without zod:
 * pages that check a date or a text as it is typed need these, not the schemas.
 */

/** The earliest and latest calendar day any date field accepts. */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';

/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point of this pattern
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` has no NUL character and no unpaired surrogate. */
export function isCleanText(text: string): boolean {
  return !BAD_TEXT.test(text);
}

/** True for an existing calendar day written `YYYY-MM-DD` within MIN_DATE..MAX_DATE. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < MIN_DATE || text > MAX_DATE) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a uuid in its text form (any case): what an order's id looks like, as against its
 * booking number, and what may be compared with a uuid column without the database refusing it.
 */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
