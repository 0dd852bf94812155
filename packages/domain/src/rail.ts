import { z } from 'zod';
import { CalendarDate } from './primitives';
import { MoneyJson, SupplierProgress } from './shopping';
import { timeBandOf, type TimeBandKey } from './time-band';

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

/** A 12306 telegraph code, any case in requests, upper case after parsing. */
export const StationCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/));

const TIME_BAND_KEYS = ['early', 'morning', 'afternoon', 'evening'] as const satisfies readonly TimeBandKey[];

/**
 * POST /shopping/v2/train/search: every train of the day between the cities of two stations (as
 * 12306 searches: Beijing South finds the trains of every Beijing station too). Filters are applied
 * by the client on the answer (`filterTrains`), so changing one never asks the supplier again.
 */
export const TrainSearchRequest = z
  .strictObject({
    origin: StationCode,
    destination: StationCode,
    date: CalendarDate,
  })
  .refine((r) => r.origin !== r.destination, {
    message: 'Origin and destination must differ',
    path: ['destination'],
  });
export type TrainSearchRequest = z.infer<typeof TrainSearchRequest>;

/** Local wall-clock time of a station, `YYYY-MM-DDTHH:mm` (api conventions). */
const LocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

/** A station as answers name it: code and names in three scripts. */
export const StationRef = z.object({
  code: z.string(),
  name: z.string(),
  chineseName: z.string(),
  traditionalName: z.string(),
});
export type StationRef = z.infer<typeof StationRef>;

export const TrainStop = z.object({
  station: StationRef,
  /** Local time at the station. */
  time: LocalDateTime,
  timeZone: z.string(),
});
export type TrainStop = z.infer<typeof TrainStop>;

export const TrainSeat = z.object({
  seatClass: z.enum(SEAT_CLASSES),
  /** Price of one adult ticket. */
  price: MoneyJson,
  /** Seats left; 0 is sold out. */
  available: z.number().int().min(0),
});
export type TrainSeat = z.infer<typeof TrainSeat>;

/** One train of a search answer between two of its stops. */
export const TrainOffer = z.object({
  /** The supplier's reference of this train on this day between these stations (to book it). */
  id: z.string(),
  trainNumber: z.string(),
  trainType: z.enum(TRAIN_TYPES),
  departure: TrainStop,
  arrival: TrainStop,
  durationMinutes: z.number().int().positive(),
  /** Distance travelled, km (prices follow it). */
  distanceKm: z.number().int().positive(),
  seats: z.array(TrainSeat),
});
export type TrainOffer = z.infer<typeof TrainOffer>;

export const TrainSearchResult = z.object({
  origin: StationRef,
  destination: StationRef,
  date: z.string(),
  /** By departure time; empty means "No trains available". */
  trains: z.array(TrainOffer),
  /** Each rail supplier asked, with its outcome ('done', 'timeout' or 'error') and train count. */
  suppliers: z.array(SupplierProgress),
});
export type TrainSearchResult = z.infer<typeof TrainSearchResult>;

/** The filters of the result list (spec §2 train booking): train types, departure bands, stations. */
export const TrainFilter = z.object({
  trainTypes: z.array(z.enum(TRAIN_TYPES)).optional(),
  departureBands: z.array(z.enum(TIME_BAND_KEYS)).optional(),
  departureStations: z.array(z.string()).optional(),
  arrivalStations: z.array(z.string()).optional(),
});
export type TrainFilter = z.infer<typeof TrainFilter>;

/** The trains a filter keeps; an empty or absent list does not filter. */
export function filterTrains<T extends Pick<TrainOffer, 'trainType' | 'departure' | 'arrival'>>(
  trains: readonly T[],
  filter: TrainFilter,
): T[] {
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
