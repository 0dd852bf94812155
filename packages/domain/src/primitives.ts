import { z } from 'zod';
import { isCalendarDate, isCleanText, MAX_DATE, MIN_DATE } from './text-checks';

/**
 * Input primitives every schema builds on, so that the API refuses the same bad values
 * everywhere: calendar dates inside a sane range, months, and text without NUL characters or
 * lone UTF-16 surrogates (PostgreSQL refuses both; the API answers 400 before any write).
 */

export { isCalendarDate, isCleanText, MAX_DATE, MIN_DATE } from './text-checks';

/** A string that may be stored as it is. */
export const CleanText = z.string().refine(isCleanText, { message: 'Invalid characters' });

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
