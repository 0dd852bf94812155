import { z } from 'zod';
import { CURRENCIES, type Currency } from './currency';
import { CleanText } from './primitives';
import { isValidRate, RATE_JUMP_MAX_FACTOR, RATE_MAX } from './rate-rules';

/**
 * The platform's exchange rates (units of each currency per one CNY): where a rate comes from,
 * the operator's manual override with its reason, the history of every change, and the rule a
 * rates feed's import is checked with (docs/platform.md "Exchange rates").
 */

/** `seed`: the installation's initial rate; `feed`: imported from the rates feed; `manual`: an override. */
export const RATE_SOURCES = ['seed', 'feed', 'manual'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** The currencies that carry a rate: every display currency but the base (CNY is always 1). */
export type RatedCurrency = Exclude<Currency, 'CNY'>;
export const RATED_CURRENCIES = CURRENCIES.filter((c) => c !== 'CNY') as RatedCurrency[];

export { isValidRate, RATE_JUMP_MAX_FACTOR, RATE_MAX };

/** Whether a new feed rate jumps too far from the rate it replaces (see `RATE_JUMP_MAX_FACTOR`). */
export function isAbsurdJump(previous: string, next: string): boolean {
  const before = Number(previous);
  const after = Number(next);
  if (!(before > 0)) return false;
  const ratio = after / before;
  return ratio > RATE_JUMP_MAX_FACTOR || ratio < 1 / RATE_JUMP_MAX_FACTOR;
}

export const RateText = z.string().trim().refine(isValidRate, { message: 'A positive decimal rate' });

/** PUT /platform/v2/rates/:currency/override. */
export const RateOverrideBody = z.object({
  rate: RateText,
  reason: CleanText.pipe(z.string().trim().min(3).max(300)),
});
export type RateOverrideBody = z.infer<typeof RateOverrideBody>;

/** DELETE /platform/v2/rates/:currency/override: back to the feed's (or the seeded) rate. */
export const RateClearBody = z.object({ reason: CleanText.pipe(z.string().trim().max(300)).optional() });
export type RateClearBody = z.infer<typeof RateClearBody>;

export const RateCurrencyParams = z.object({ currency: z.enum(RATED_CURRENCIES) });

/** A currency's rate as the platform sees it. */
export const PlatformRate = z.object({
  currency: z.enum(CURRENCIES),
  /** The rate in use: the override when there is one, else the feed's (or the seeded) rate. */
  rate: z.string(),
  source: z.enum(RATE_SOURCES),
  updatedAt: z.string(),
  /** The last rate the feed (or the seed) gave, kept under an override. */
  feedRate: z.string(),
  feedAt: z.string().nullable(),
  override: z.object({ rate: z.string(), reason: z.string(), by: z.string(), at: z.string() }).nullable(),
});
export type PlatformRate = z.infer<typeof PlatformRate>;

export const PlatformRates = z.object({
  base: z.literal('CNY'),
  rates: z.array(PlatformRate),
  /** Whether a rates feed is configured ("Import now" needs one). */
  feed: z.string().nullable(),
});
export type PlatformRates = z.infer<typeof PlatformRates>;

/** One change of a currency's rate, newest first. */
export const RateHistoryEntry = z.object({
  id: z.string(),
  currency: z.enum(CURRENCIES),
  /** The rate in use after the change. */
  rate: z.string(),
  source: z.enum(RATE_SOURCES),
  /** What changed: the feed rate came, an override was set, or cleared. */
  event: z.enum(['seed', 'import', 'override', 'clear']),
  feedRate: z.string(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type RateHistoryEntry = z.infer<typeof RateHistoryEntry>;

export const RateHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const RateHistoryPage = z.object({
  list: z.array(RateHistoryEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RateHistoryPage = z.infer<typeof RateHistoryPage>;

/** POST /platform/v2/rates/import: nothing to say but "now". */
export const RatesImportBody = z.strictObject({});

const RateChange = z.object({ currency: z.enum(CURRENCIES), from: z.string(), to: z.string() });

/** POST /platform/v2/rates/import: what the feed gave and what was taken. */
export const RatesImportResult = z.object({
  feed: z.string(),
  asOf: z.string(),
  applied: z.array(RateChange),
  /** Refused currencies: `jump` beyond `RATE_JUMP_MAX_FACTOR`, `invalid` not a positive decimal. */
  refused: z.array(RateChange.extend({ reason: z.enum(['jump', 'invalid']) })),
  unchanged: z.number().int(),
});
export type RatesImportResult = z.infer<typeof RatesImportResult>;
