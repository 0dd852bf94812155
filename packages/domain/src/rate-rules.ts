/**
 * The rules of an exchange rate, without zod: the platform's rates page checks an override with
 * them, and `platform-rates.ts` (which re-exports them) holds the schemas.
 */

/**
 * An import refuses a currency whose new feed rate differs from the rate it replaces by more than
 * this factor either way (a rate 25 % higher, or 20 % lower): a decimal point slipped, a currency
 * quoted the other way round or a stale zero, never a day's market move. The operator can still
 * set such a rate by hand with a manual override and its reason.
 */
export const RATE_JUMP_MAX_FACTOR = 1.25;
/** The largest rate accepted (units per CNY; KRW is about 190). */
export const RATE_MAX = 1_000_000;

const DECIMAL = /^\d{1,7}(\.\d{1,10})?$/;

/** Whether a text is an acceptable rate: a plain positive decimal within `RATE_MAX`. */
export function isValidRate(text: string): boolean {
  if (!DECIMAL.test(text)) return false;
  const value = Number(text);
  return value > 0 && value <= RATE_MAX;
}
