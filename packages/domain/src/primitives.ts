import { z } from 'zod';

/**
 * Input primitives every schema builds on, so that the API refuses the same bad values
 * everywhere: calendar dates inside a sane range, months, and text without NUL characters or
 * lone UTF-16 surrogates (PostgreSQL refuses both; the API answers 400 before any write).
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

/** A string that may be stored as it is. */
export const CleanText = z.string().refine(isCleanText, { message: 'Invalid characters' });

/** True for an existing calendar day written `YYYY-MM-DD` within MIN_DATE..MAX_DATE. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < MIN_DATE || text > MAX_DATE) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** A calendar day `YYYY-MM-DD` between 1900-01-01 and 2199-12-31. */
export const CalendarDate = z
  .string()
  .refine(isCalendarDate, { message: `A date YYYY-MM-DD between ${MIN_DATE} and ${MAX_DATE}` });

/** A month `YYYY-MM` between 1900-01 and 2199-12. */
export const CalendarMonth = z
  .string()
  .refine((text) => /^\d{4}-(0[1-9]|1[0-2])$/.test(text) && isCalendarDate(`${text}-01`), {
    message: 'A month YYYY-MM between 1900-01 and 2199-12',
  });
