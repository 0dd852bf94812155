import { z } from 'zod';
import { CABINS, PASSENGER_TYPES, type PassengerType } from './shopping-options';
import { MoneyJson } from './shopping';

/**
 * Seats and bags sold on top of a fare (docs/ancillaries.md): the seat maps and bag services of a
 * solution as the booking page reads them, what a booking or an after-sales purchase asks for, the
 * lines an order keeps, and the rules a selection must pass before any supplier is called.
 */

export const SEAT_FEATURES = ['window', 'aisle', 'middle', 'exit_row', 'extra_legroom', 'bassinet'] as const;
export type SeatFeature = (typeof SEAT_FEATURES)[number];

/** At most this many of one bag per passenger, whatever a supplier allows. */
export const MAX_BAG_QUANTITY = 5;
/** Segments of one booking (5 legs of up to 4 segments). */
export const MAX_SEGMENTS = 20;

/** A seat letter row designator: `12A`. */
export const SeatDesignator = z.string().regex(/^\d{1,3}[A-L]$/);

export const Seat = z.object({
  designator: SeatDesignator,
  available: z.boolean(),
  /** Per passenger in the agency's display currency; zero when free. */
  price: MoneyJson,
  features: z.array(z.enum(SEAT_FEATURES)),
  /** Passenger types that may not sit here (exit rows refuse infants and children). */
  refusedTypes: z.array(z.enum(PASSENGER_TYPES)),
});
export type Seat = z.infer<typeof Seat>;

export const SeatRow = z.object({ row: z.number().int(), seats: z.array(Seat.nullable()) });
export type SeatRow = z.infer<typeof SeatRow>;

/** The seat map of one segment; `columns` has '' where an aisle stands. */
export const SeatMap = z.object({
  segmentIndex: z.number().int().min(0),
  aircraft: z.string(),
  cabin: z.enum(CABINS),
  columns: z.array(z.string()),
  rows: z.array(SeatRow),
});
export type SeatMap = z.infer<typeof SeatMap>;

/** A checked bag sold per piece, for the segments it covers. */
export const BagService = z.object({
  id: z.string(),
  segmentIndexes: z.array(z.number().int().min(0)),
  passengerTypes: z.array(z.enum(PASSENGER_TYPES)),
  pieces: z.number().int().min(1),
  weightKg: z.number(),
  /** Per piece and passenger, display currency. */
  price: MoneyJson,
  maxQuantity: z.number().int().min(0),
});
export type BagService = z.infer<typeof BagService>;

/** `GET /shopping/v2/flight/solutions/{id}/ancillaries`: what the booking page may offer. */
export const SolutionAncillaries = z.object({
  seatMaps: z.array(SeatMap),
  bags: z.array(BagService),
});
export type SolutionAncillaries = z.infer<typeof SolutionAncillaries>;

export const SeatChoice = z.strictObject({
  segmentIndex: z
    .number()
    .int()
    .min(0)
    .max(MAX_SEGMENTS - 1),
  designator: SeatDesignator,
});
export const BagChoice = z.strictObject({
  serviceId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(MAX_BAG_QUANTITY),
});

/** One passenger's seats (per segment) and bags, by the passenger's place in the booking. */
export const AncillarySelection = z.strictObject({
  passengerIndex: z.number().int().min(0).max(29),
  seats: z.array(SeatChoice).max(MAX_SEGMENTS).default([]),
  bags: z.array(BagChoice).max(MAX_SEGMENTS).default([]),
});
export type AncillarySelection = z.infer<typeof AncillarySelection>;
export type AncillarySelectionInput = z.input<typeof AncillarySelection>;

export const AncillarySelections = z.array(AncillarySelection).max(30);

export const ANCILLARY_KINDS = ['seat', 'bag'] as const;
/** `replaced`: a seat changed after issue for another one. */
export const ANCILLARY_STATUSES = ['booked', 'refunded', 'voided', 'replaced'] as const;
export const ANCILLARY_SOURCES = ['booking', 'purchase'] as const;

/** A seat or bag an order holds, as the order detail shows it. */
export const OrderAncillary = z.object({
  id: z.string(),
  kind: z.enum(ANCILLARY_KINDS),
  passengerIndex: z.number().int(),
  segmentIndexes: z.array(z.number().int()),
  /** The seat (`12A`); null for a bag. */
  designator: z.string().nullable(),
  /** Bags: the supplier's service, pieces bought and weight per piece; null for a seat. */
  serviceId: z.string().nullable(),
  quantity: z.number().int(),
  weightKg: z.number().nullable(),
  /** What the agency pays for the line (all pieces), in the order's currency. */
  price: MoneyJson,
  status: z.enum(ANCILLARY_STATUSES),
  /** Bought with the booking or afterwards (an after-sales purchase). */
  source: z.enum(ANCILLARY_SOURCES),
});
export type OrderAncillary = z.infer<typeof OrderAncillary>;

/** `POST /order/v2/flight/orders/{id}/ancillaries`: seats or bags added to an issued order. */
export const AncillaryPurchaseBody = z.strictObject({
  selections: AncillarySelections.min(1),
});
export type AncillaryPurchaseBody = z.infer<typeof AncillaryPurchaseBody>;

export const ANCILLARY_RULE_KEYS = [
  'ancillary.rule.passengerUnknown',
  'ancillary.rule.passengerRepeated',
  'ancillary.rule.noSeatMap',
  'ancillary.rule.seatUnknown',
  'ancillary.rule.seatUnavailable',
  'ancillary.rule.seatTaken',
  'ancillary.rule.seatRepeated',
  'ancillary.rule.infantNoSeat',
  'ancillary.rule.exitRowRefused',
  'ancillary.rule.exitRowInfantAdult',
  'ancillary.rule.bagUnknown',
  'ancillary.rule.bagPassengerType',
  'ancillary.rule.bagQuantity',
] as const;
export type AncillaryRuleKey = (typeof ANCILLARY_RULE_KEYS)[number];

export interface AncillaryRuleError {
  /** Dotted path in the request (`ancillaries.0.seats.1.designator`). */
  path: string;
  key: AncillaryRuleKey;
  params?: Record<string, string | number>;
}

/** What a selection is checked against: seat maps and bags (prices not needed), the passengers. */
export interface AncillaryContext {
  seatMaps: ReadonlyArray<{
    segmentIndex: number;
    rows: ReadonlyArray<{
      seats: ReadonlyArray<{
        designator: string;
        available: boolean;
        features: readonly string[];
        refusedTypes: readonly PassengerType[];
      } | null>;
    }>;
  }>;
  bags: ReadonlyArray<{
    id: string;
    passengerTypes: readonly PassengerType[];
    maxQuantity: number;
  }>;
  /** Passenger types in booking order. */
  passengerTypes: readonly PassengerType[];
  /** Seats already held on the order by other passengers (an after-sales purchase): `segment|12A`. */
  heldSeats?: ReadonlySet<string>;
  /** Bag pieces already held per passenger and service (`0|BAG-...`): counted against the max. */
  heldBags?: ReadonlyMap<string, number>;
}

/**
 * The adults who travel with an infant: the k-th adult of the booking holds the k-th infant (the
 * booking form lists them in that order, and airlines pair them the same way). They may not sit in
 * an exit row either: an adult with a lap infant cannot help open an exit.
 */
export function infantAdults(passengerTypes: readonly PassengerType[]): Set<number> {
  const infants = passengerTypes.filter((t) => t === 'infant').length;
  const adults = new Set<number>();
  passengerTypes.forEach((t, i) => {
    if (t === 'adult' && adults.size < infants) adults.add(i);
  });
  return adults;
}

/**
 * Every rule a seat and bag selection breaks (docs/ancillaries.md): known passengers, one entry
 * each; a seat that exists on the segment's map, is free and is not picked twice; infants (on a
 * lap) take no seat; exit rows refuse the types the map says and the adults holding an infant; a
 * bag the supplier sells to the passenger's type, at most its maximum per passenger.
 */
export function validateAncillaries(
  selections: readonly AncillarySelection[],
  ctx: AncillaryContext,
  prefix = 'ancillaries',
): AncillaryRuleError[] {
  const errors: AncillaryRuleError[] = [];
  const add = (path: string, key: AncillaryRuleKey, params?: AncillaryRuleError['params']) =>
    errors.push(params ? { path: `${prefix}.${path}`, key, params } : { path: `${prefix}.${path}`, key });
  const holdsInfant = infantAdults(ctx.passengerTypes);
  const seen = new Set<number>();
  const picked = new Set<string>(ctx.heldSeats ?? []);
  selections.forEach((sel, i) => {
    const type = ctx.passengerTypes[sel.passengerIndex];
    if (type === undefined) return add(`${i}.passengerIndex`, 'ancillary.rule.passengerUnknown');
    if (seen.has(sel.passengerIndex)) return add(`${i}.passengerIndex`, 'ancillary.rule.passengerRepeated');
    seen.add(sel.passengerIndex);
    const segmentsSeated = new Set<number>();
    sel.seats.forEach((choice, j) => {
      const path = `${i}.seats.${j}`;
      if (type === 'infant') return add(path, 'ancillary.rule.infantNoSeat');
      if (segmentsSeated.has(choice.segmentIndex)) return add(path, 'ancillary.rule.seatRepeated');
      segmentsSeated.add(choice.segmentIndex);
      const map = ctx.seatMaps.find((m) => m.segmentIndex === choice.segmentIndex);
      if (!map) return add(`${path}.segmentIndex`, 'ancillary.rule.noSeatMap');
      const seat = map.rows.flatMap((r) => r.seats).find((s) => s?.designator === choice.designator);
      const params = { seat: choice.designator };
      if (!seat) return add(`${path}.designator`, 'ancillary.rule.seatUnknown', params);
      if (!seat.available) return add(`${path}.designator`, 'ancillary.rule.seatUnavailable', params);
      const key = `${choice.segmentIndex}|${choice.designator}`;
      if (picked.has(key)) return add(`${path}.designator`, 'ancillary.rule.seatTaken', params);
      if (seat.refusedTypes.includes(type)) {
        return add(`${path}.designator`, 'ancillary.rule.exitRowRefused', params);
      }
      if (seat.features.includes('exit_row') && holdsInfant.has(sel.passengerIndex)) {
        return add(`${path}.designator`, 'ancillary.rule.exitRowInfantAdult', params);
      }
      picked.add(key);
    });
    const bagsSeen = new Map<string, number>();
    sel.bags.forEach((choice, j) => {
      const path = `${i}.bags.${j}`;
      const bag = ctx.bags.find((b) => b.id === choice.serviceId);
      if (!bag) return add(`${path}.serviceId`, 'ancillary.rule.bagUnknown');
      if (!bag.passengerTypes.includes(type))
        return add(`${path}.serviceId`, 'ancillary.rule.bagPassengerType');
      const heldKey = `${sel.passengerIndex}|${bag.id}`;
      const total = (bagsSeen.get(bag.id) ?? 0) + (ctx.heldBags?.get(heldKey) ?? 0) + choice.quantity;
      bagsSeen.set(bag.id, (bagsSeen.get(bag.id) ?? 0) + choice.quantity);
      if (total > bag.maxQuantity) {
        add(`${path}.quantity`, 'ancillary.rule.bagQuantity', { max: bag.maxQuantity });
      }
    });
  });
  return errors;
}

/** Whether a selection asks for anything at all. */
export const hasAncillaries = (selections: readonly AncillarySelection[] | undefined): boolean =>
  (selections ?? []).some((s) => s.seats.length > 0 || s.bags.length > 0);
