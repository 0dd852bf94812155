import { timeBandOf, type TimeBandKey } from './time-band';

/**
 * The railway's rules without zod: train types and seat classes, the result list's filter, the
 * refund fee. The train booking page reads them; `rail.ts` (which re-exports all of this) holds
 * the schemas of the search and its answer.
 */

/**
 * Train types of China's railways by the letter of the train number: G (high-speed), D (EMU),
 * C (intercity) are high-speed; Z (direct express), T (express) and K (fast) are conventional.
 */
export const TRAIN_TYPES = ['G', 'D', 'C', 'Z', 'T', 'K'] as const;
export type TrainType = (typeof TRAIN_TYPES)[number];

export const HIGH_SPEED_TRAIN_TYPES: readonly TrainType[] = ['G', 'D', 'C'];

/** True for the high-speed types G, D and C. */
export function isHighSpeed(type: TrainType): boolean {
  return HIGH_SPEED_TRAIN_TYPES.includes(type);
}

/** A train number: its type letter and 1 to 4 digits (G1, D2281, K1234). */
export const TRAIN_NUMBER = /^[GDCZTK]\d{1,4}$/;

/** The type of a train number ('G1' -> 'G'); undefined for a number of no known type. */
export function trainTypeOf(trainNumber: string): TrainType | undefined {
  return TRAIN_NUMBER.test(trainNumber) ? (trainNumber.charAt(0) as TrainType) : undefined;
}

/**
 * Seat classes: business, first and second class seats of high-speed trains; soft sleeper, hard
 * sleeper and hard seat of conventional trains; "no seat" (standing) on both.
 */
export const SEAT_CLASSES = [
  'business',
  'first',
  'second',
  'soft-sleeper',
  'hard-sleeper',
  'hard-seat',
  'no-seat',
] as const;
export type SeatClass = (typeof SEAT_CLASSES)[number];

/** The seat classes each train type sells, best first. */
export const SEAT_CLASSES_BY_TRAIN_TYPE: Record<TrainType, readonly SeatClass[]> = {
  G: ['business', 'first', 'second', 'no-seat'],
  D: ['first', 'second', 'no-seat'],
  C: ['first', 'second', 'no-seat'],
  Z: ['soft-sleeper', 'hard-sleeper', 'hard-seat', 'no-seat'],
  T: ['soft-sleeper', 'hard-sleeper', 'hard-seat', 'no-seat'],
  K: ['soft-sleeper', 'hard-sleeper', 'hard-seat', 'no-seat'],
};

/** The departure bands a filter may name. */
export const TIME_BAND_KEYS = [
  'early',
  'morning',
  'afternoon',
  'evening',
] as const satisfies readonly TimeBandKey[];

/** The filters of the result list (spec §2 train booking): train types, departure bands, stations. */
export interface TrainFilter {
  trainTypes?: TrainType[] | undefined;
  departureBands?: TimeBandKey[] | undefined;
  departureStations?: string[] | undefined;
  arrivalStations?: string[] | undefined;
}

/** What the filter reads of a train: its type and where and when it leaves and arrives. */
export interface FilterableTrain {
  trainType: TrainType;
  departure: { time: string; station: { code: string } };
  arrival: { time: string; station: { code: string } };
}

/** The trains a filter keeps; an empty or absent list does not filter. */
export function filterTrains<T extends FilterableTrain>(trains: readonly T[], filter: TrainFilter): T[] {
  const keeps = <V>(list: readonly V[] | undefined, value: V | undefined) =>
    !list || list.length === 0 || (value !== undefined && list.includes(value));
  return trains.filter(
    (t) =>
      keeps(filter.trainTypes, t.trainType) &&
      keeps(filter.departureBands, timeBandOf(t.departure.time)) &&
      keeps(filter.departureStations, t.departure.station.code) &&
      keeps(filter.arrivalStations, t.arrival.station.code),
  );
}

/**
 * Rail refund fee by time before departure (China Railway 12306's published rule):
 * - 8 days (192 h) or more before departure: no fee;
 * - 48 h or more: 5 % of the ticket price;
 * - 24 h or more: 10 %;
 * - under 24 h: 20 %;
 * - after departure: not refundable here (12306 refunds only at the station, same day).
 * A fee is at least 2 yuan (200 fen) and never more than the price; it is rounded to half a yuan
 * (12306: a remainder under 0.25 yuan is dropped, 0.25 to under 0.75 counts 0.5, 0.75 and more 1).
 * Amounts are integer minor units of CNY (fen).
 */
export const RAIL_REFUND_TIERS: readonly { minHoursBefore: number; percent: number }[] = [
  { minHoursBefore: 192, percent: 0 },
  { minHoursBefore: 48, percent: 5 },
  { minHoursBefore: 24, percent: 10 },
  { minHoursBefore: 0, percent: 20 },
];

export const RAIL_REFUND_MIN_FEE_MINOR = 200;

export type RailRefundQuote =
  | { refundable: true; percent: number; feeMinor: number; refundMinor: number }
  | { refundable: false; reason: 'departed' };

/** Rounds fen to half a yuan by 12306's rule (under 25 fen dropped, 25..74 -> 50, 75.. -> 100). */
export function roundToHalfYuan(minor: number): number {
  const yuan = Math.floor(minor / 100) * 100;
  const rest = minor - yuan;
  return yuan + (rest < 25 ? 0 : rest < 75 ? 50 : 100);
}

/** The refund of a ticket of `priceMinor` fen departing at `departure`, asked at `at`. */
export function railRefundQuote(priceMinor: number, departure: Date, at: Date): RailRefundQuote {
  const msBefore = departure.getTime() - at.getTime();
  if (msBefore <= 0) return { refundable: false, reason: 'departed' };
  const hours = msBefore / 3_600_000;
  const tier = RAIL_REFUND_TIERS.find((t) => hours >= t.minHoursBefore) ?? { percent: 20 };
  const feeMinor =
    tier.percent === 0
      ? 0
      : Math.min(
          priceMinor,
          Math.max(RAIL_REFUND_MIN_FEE_MINOR, roundToHalfYuan(Math.round((priceMinor * tier.percent) / 100))),
        );
  return { refundable: true, percent: tier.percent, feeMinor, refundMinor: priceMinor - feeMinor };
}
