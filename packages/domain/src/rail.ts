import { z } from 'zod';
import { CalendarDate } from './primitives';
import { MoneyJson, SupplierProgress } from './shopping';
import {
  SEAT_CLASSES,
  TIME_BAND_KEYS,
  TRAIN_TYPES,
  type TrainFilter as TrainFilterShape,
} from './rail-rules';

// The railway's plain rules are zod-free in `rail-rules.ts`, for the pages; the schemas are here.
export {
  filterTrains,
  HIGH_SPEED_TRAIN_TYPES,
  isHighSpeed,
  RAIL_REFUND_MIN_FEE_MINOR,
  RAIL_REFUND_TIERS,
  railRefundQuote,
  roundToHalfYuan,
  SEAT_CLASSES,
  SEAT_CLASSES_BY_TRAIN_TYPE,
  TRAIN_NUMBER,
  TRAIN_TYPES,
  trainTypeOf,
  type FilterableTrain,
  type RailRefundQuote,
  type SeatClass,
  type TrainType,
} from './rail-rules';

/** A 12306 telegraph code, any case in requests, upper case after parsing. */
export const StationCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/));

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
}) satisfies z.ZodType<TrainFilterShape>;
export type TrainFilter = z.infer<typeof TrainFilter>;
