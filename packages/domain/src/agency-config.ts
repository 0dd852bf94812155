import { z } from 'zod';

/** Price adjustment categories of spec §3 (mainland China, domestic, intra-continental, intercontinental). */
export const ADJUSTMENT_CATEGORIES = ['china', 'domestic', 'intra-continental', 'intercontinental'] as const;
export type AdjustmentCategory = (typeof ADJUSTMENT_CATEGORIES)[number];

/** Bounds of a percent adjustment: a discount never takes the whole fare, a markup at most ten times it. */
export const PERCENT_ADJUSTMENT_MIN = -99.99;
export const PERCENT_ADJUSTMENT_MAX = 1000;

/**
 * A price adjustment: `percent` of the fare (2.5 = 2.5 %, from -99.99 to 1,000) or a `fixed`
 * amount in minor units (a whole number); limit 0 = unlimited.
 */
export const PriceAdjustment = z
  .strictObject({
    category: z.enum(ADJUSTMENT_CATEGORIES),
    unit: z.enum(['percent', 'fixed']),
    value: z.number().min(-100_000_000).max(100_000_000),
    limit: z.number().int().min(0),
  })
  .superRefine((adjustment, ctx) => {
    const { unit, value } = adjustment;
    if (unit === 'fixed' && !Number.isInteger(value)) {
      ctx.addIssue({ code: 'invalid_type', expected: 'int', path: ['value'], input: value });
    } else if (unit === 'percent' && value < PERCENT_ADJUSTMENT_MIN) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'number',
        minimum: PERCENT_ADJUSTMENT_MIN,
        inclusive: true,
        path: ['value'],
        input: value,
      });
    } else if (unit === 'percent' && value > PERCENT_ADJUSTMENT_MAX) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: PERCENT_ADJUSTMENT_MAX,
        inclusive: true,
        path: ['value'],
        input: value,
      });
    }
  });
export type PriceAdjustment = z.infer<typeof PriceAdjustment>;

/** The flight settings of an agency (spec §3 agency config: flight settings). */
export const FlightSettings = z.strictObject({
  priceAdjustments: z.array(PriceAdjustment).max(ADJUSTMENT_CATEGORIES.length),
  showSuppliers: z.boolean(),
  onlyFreeBaggage: z.boolean(),
  onlyWithFareBasis: z.boolean(),
  /** Upper bound on how long a search waits for suppliers. */
  maxResponseTimeMs: z.number().int().min(1000).max(60_000),
  filter: z.strictObject({
    mode: z.enum(['none', 'whitelist', 'blacklist']),
    airlines: z.array(z.string().regex(/^[A-Z0-9]{2}$/)).max(200),
    suppliers: z.array(z.string().min(1).max(40)).max(50),
  }),
  searchMode: z.enum(['all', 'popular']),
  /** Service fees in minor units of the settlement currency. */
  serviceFees: z.strictObject({
    change: z.number().int().min(0),
    refund: z.number().int().min(0),
    void: z.number().int().min(0),
  }),
  bookingNotificationUrl: z.string().url().nullable(),
  flightChangeNotificationUrl: z.string().url().nullable(),
});
export type FlightSettings = z.infer<typeof FlightSettings>;

/** Settings of a new agency: no adjustment, every supplier, suppliers hidden, 8 s to answer. */
export const DEFAULT_FLIGHT_SETTINGS: FlightSettings = {
  priceAdjustments: [],
  showSuppliers: false,
  onlyFreeBaggage: false,
  onlyWithFareBasis: false,
  maxResponseTimeMs: 8000,
  filter: { mode: 'none', airlines: [], suppliers: [] },
  searchMode: 'all',
  serviceFees: { change: 0, refund: 0, void: 0 },
  bookingNotificationUrl: null,
  flightChangeNotificationUrl: null,
};
