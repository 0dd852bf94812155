import { SEAT_CLASSES_BY_TRAIN_TYPE, TRAIN_TYPES, type TrainType } from '@portal/domain/rail';
import type { Station } from '@portal/reference-data/stations';
import { seeded } from '../shopping/suppliers/sim/prng';
import { localTime, zonedToUtc } from '../shopping/suppliers/sim/time';
import type {
  RailQuery,
  RailSeatOffer,
  RailSupplierFaults,
  RailTrain,
  TunableRailSupplier,
} from './rail-supplier';
import {
  AVERAGE_SPEED_KMH,
  dailyTrains,
  fareFen,
  onHighSpeedNetwork,
  placeOf,
  railDistanceKm,
  routeHasTrains,
  seatsLeft,
  stationOf,
} from './sim-rail-network';

export interface SimRailOptions {
  /** Multiplies the latency (0 in unit tests). */
  latencyScale: number;
  seed: string;
}

const LATENCY_MS: readonly [number, number] = [120, 450];

/** Highest number of each type (G1..G9999, Z1..Z399): numbers stay plausible. */
const MAX_NUMBER: Record<TrainType, number> = { G: 9_999, D: 9_999, C: 9_999, Z: 399, T: 399, K: 9_999 };

/** First and last departure of a type, minutes after midnight: high-speed trains run by day. */
const DEPARTURE_WINDOW: Record<TrainType, readonly [number, number]> = {
  G: [6 * 60, 20 * 60 + 30],
  D: [6 * 60 + 30, 21 * 60],
  C: [6 * 60, 22 * 60],
  Z: [17 * 60, 23 * 60],
  T: [0, 23 * 60 + 30],
  K: [0, 23 * 60 + 30],
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Never resolves; rejects with the signal's reason once it aborts (the timeout knob). */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** A train of a route's timetable (the same every day). */
interface Scheduled {
  trainNumber: string;
  type: TrainType;
  from: Station;
  to: Station;
  departureMinutes: number;
  durationMinutes: number;
}

/** The main station of a place for conventional trains: the one named like the city (北京, not 北京南). */
function mainStation(stations: readonly Station[]): Station | undefined {
  return [...stations].sort(
    (a, b) => a.chineseName.length - b.chineseName.length || a.code.localeCompare(b.code),
  )[0];
}

/**
 * The simulated rail supplier (a real adapter, on only with SIMULATED_SUPPLIERS or the demo):
 * timetables per route (stable from day to day), seats left per train and day, prices by distance.
 * Everything follows from the seed, the stations and the date.
 */
export class SimulatedRailSupplier implements TunableRailSupplier {
  readonly name = 'sim-rail';
  faults: RailSupplierFaults = {};

  constructor(private readonly options: SimRailOptions) {}

  async search(query: RailQuery, signal: AbortSignal): Promise<RailTrain[]> {
    const faults = this.faults;
    const rng = seeded(`${this.options.seed}|rail-latency|${query.origins.join()}|${query.date}`);
    await sleep(faults.latencyMs ?? rng.int(...LATENCY_MS) * this.options.latencyScale, signal);
    if (faults.timeout) await untilAborted(signal);
    if (faults.error) throw new Error('sim-rail: search failed (fault knob)');
    if (faults.noTrains) return [];
    const origins = query.origins.map(stationOf);
    const destinations = query.destinations.map(stationOf);
    const trains: RailTrain[] = [];
    const places = (list: Station[]) => [...new Set(list.map(placeOf))];
    for (const from of places(origins)) {
      for (const to of places(destinations)) {
        const timetable = this.timetable(
          origins.filter((s) => placeOf(s) === from),
          destinations.filter((s) => placeOf(s) === to),
        );
        for (const train of timetable) trains.push(this.priced(train, query.date, faults.soldOut === true));
      }
    }
    return trains.sort(
      (a, b) => a.departureUtc.localeCompare(b.departureUtc) || a.trainNumber.localeCompare(b.trainNumber),
    );
  }

  /** The trains of a route between two places, the same every day. */
  private timetable(origins: readonly Station[], destinations: readonly Station[]): Scheduled[] {
    const [firstOrigin] = origins;
    const [firstDestination] = destinations;
    if (!firstOrigin || !firstDestination || !routeHasTrains(firstOrigin, firstDestination)) return [];
    const km = railDistanceKm(firstOrigin, firstDestination);
    const rng = seeded(
      `${this.options.seed}|rail-timetable|${placeOf(firstOrigin)}>${placeOf(firstDestination)}`,
    );
    const highSpeedFrom = origins.filter(onHighSpeedNetwork);
    const highSpeedTo = destinations.filter(onHighSpeedNetwork);
    const conventionalFrom = mainStation(origins) ?? firstOrigin;
    const conventionalTo = mainStation(destinations) ?? firstDestination;
    const used = new Set<string>();
    const out: Scheduled[] = [];
    for (const type of TRAIN_TYPES) {
      const range = dailyTrains(type, km, highSpeedFrom.length > 0 && highSpeedTo.length > 0);
      if (!range) continue;
      const count = rng.int(...range);
      const [first, last] = DEPARTURE_WINDOW[type];
      for (let i = 0; i < count; i++) {
        let trainNumber = '';
        do trainNumber = `${type}${rng.int(1, MAX_NUMBER[type])}`;
        while (used.has(trainNumber));
        used.add(trainNumber);
        const highSpeed = type === 'G' || type === 'D' || type === 'C';
        // Speeds vary by ±10 % between trains (stops): a G train stays faster than any K train.
        const speed = AVERAGE_SPEED_KMH[type] * (0.9 + rng.next() * 0.2);
        out.push({
          trainNumber,
          type,
          from: highSpeed ? rng.pick(highSpeedFrom) : conventionalFrom,
          to: highSpeed ? rng.pick(highSpeedTo) : conventionalTo,
          departureMinutes: Math.round(rng.int(first, last) / 5) * 5,
          durationMinutes: Math.max(15, Math.round((km / speed) * 60)),
        });
      }
    }
    return out;
  }

  /** A timetabled train on a date, with its prices and the seats left that day. */
  private priced(train: Scheduled, date: string, soldOut: boolean): RailTrain {
    const km = railDistanceKm(train.from, train.to);
    const departureUtc = zonedToUtc(date, train.departureMinutes, train.from.timeZone);
    const arrivalUtc = departureUtc + train.durationMinutes * 60_000;
    const rng = seeded(`${this.options.seed}|rail-seats|${train.trainNumber}|${date}`);
    const classes = SEAT_CLASSES_BY_TRAIN_TYPE[train.type];
    const seats: RailSeatOffer[] = [];
    let cheapestLeft = 0;
    for (const seatClass of classes) {
      const available = soldOut ? 0 : seatsLeft(seatClass, rng, cheapestLeft);
      if (seatClass !== 'no-seat') cheapestLeft = available;
      seats.push({ seatClass, priceMinor: fareFen(train.type, seatClass, km), available });
    }
    return {
      supplier: this.name,
      ref: `${train.trainNumber}|${train.from.code}|${train.to.code}|${date}`,
      trainNumber: train.trainNumber,
      trainType: train.type,
      origin: train.from.code,
      destination: train.to.code,
      departureLocal: localTime(departureUtc, train.from.timeZone),
      arrivalLocal: localTime(arrivalUtc, train.to.timeZone),
      departureTimeZone: train.from.timeZone,
      arrivalTimeZone: train.to.timeZone,
      departureUtc: new Date(departureUtc).toISOString(),
      arrivalUtc: new Date(arrivalUtc).toISOString(),
      durationMinutes: train.durationMinutes,
      distanceKm: km,
      currency: 'CNY',
      seats,
    };
  }
}

/** The simulated rail supplier with these options. */
export function createSimRail(options: SimRailOptions): SimulatedRailSupplier {
  return new SimulatedRailSupplier(options);
}
