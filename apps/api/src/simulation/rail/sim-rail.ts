import { SEAT_CLASSES_BY_TRAIN_TYPE, TRAIN_TYPES, type SeatClass, type TrainType } from '@portal/domain/rail';
import { getStation, type Station } from '@portal/reference-data/stations';
import { hash32, seeded, type Random } from '../prng';
import { instantOfLocalMinutes, localDateTime } from '../../platform/time-zones';
import type {
  RailBookAnswer,
  RailBookRequest,
  RailQuery,
  RailRefundAnswer,
  RailSeatOffer,
  RailSupplierFaults,
  RailTicket,
  RailTicketAnswer,
  RailTrain,
  TunableRailSupplier,
} from '../../modules/rail/index';
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
import { sleep, untilAborted } from '../knobs';

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

/** Latency of order calls (book, ticket, cancel, refund), ms before the latency scale. */
const ORDER_LATENCY_MS: readonly [number, number] = [80, 300];

/** A booking the simulated supplier holds (in memory: a restarted demo forgets its bookings). */
interface SimBooking {
  train: RailTrain;
  seatClass: SeatClass;
  passengers: number;
  state: 'held' | 'ticketed' | 'canceled' | 'refunded';
  tickets: RailTicket[];
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Seats side by side from a random start, as printed on 12306 tickets: coach `05`, seat `12F`
 * (business A C F, first A C D F, second A B C D F), hard seat `047号`, sleeper berths `08号下铺`,
 * and `无座` (no seat) in a second-class or hard-seat coach.
 */
function assignSeats(
  seatClass: SeatClass,
  count: number,
  rng: Random,
): { coach: string; seatNumber: string }[] {
  const letters: Partial<Record<SeatClass, string>> = { business: 'ACF', first: 'ACDF', second: 'ABCDF' };
  const coaches: Record<SeatClass, readonly [number, number]> = {
    business: [1, 1],
    first: [2, 3],
    second: [4, 16],
    'soft-sleeper': [8, 9],
    'hard-sleeper': [10, 15],
    'hard-seat': [1, 7],
    'no-seat': [4, 7],
  };
  const coach = two(rng.int(...coaches[seatClass]));
  const row = letters[seatClass];
  if (row) {
    const rows = seatClass === 'second' ? 20 : seatClass === 'first' ? 12 : 3;
    const start = rng.int(0, rows * row.length - count);
    return Array.from({ length: count }, (_, i) => {
      const n = start + i;
      return { coach, seatNumber: `${two(Math.floor(n / row.length) + 1)}${row.charAt(n % row.length)}` };
    });
  }
  if (seatClass === 'no-seat') return Array.from({ length: count }, () => ({ coach, seatNumber: '无座' }));
  if (seatClass === 'hard-seat') {
    const start = rng.int(1, 118 - count);
    return Array.from({ length: count }, (_, i) => ({
      coach,
      seatNumber: `${String(start + i).padStart(3, '0')}号`,
    }));
  }
  const tiers = seatClass === 'soft-sleeper' ? ['下铺', '上铺'] : ['下铺', '中铺', '上铺'];
  const compartments = seatClass === 'soft-sleeper' ? 16 : 22;
  const start = rng.int(0, compartments * tiers.length - count);
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    return {
      coach,
      seatNumber: `${two(Math.floor(n / tiers.length) + 1)}号${tiers[n % tiers.length] ?? ''}`,
    };
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
  private readonly bookings = new Map<string, SimBooking>();

  constructor(private readonly options: SimRailOptions) {}

  /** Waits an order call's latency, then throws when the `orderError` knob is set. */
  private async orderCall(key: string, signal: AbortSignal): Promise<RailSupplierFaults> {
    const faults = this.faults;
    const rng = seeded(`${this.options.seed}|rail-order-latency|${key}`);
    await sleep(faults.latencyMs ?? rng.int(...ORDER_LATENCY_MS) * this.options.latencyScale, signal);
    if (faults.timeout) await untilAborted(signal);
    if (faults.orderError) throw new Error('sim-rail: order call failed (fault knob)');
    return faults;
  }

  /**
   * Finds the train of `ref` (`number|from|to|date`, the search answer's id) in today's timetable
   * and checks the class's seats and price: booked (seats held, a reference `E` + 9 digits),
   * price_changed, or unavailable.
   */
  async book(request: RailBookRequest, signal: AbortSignal): Promise<RailBookAnswer> {
    const faults = await this.orderCall(request.ref, signal);
    const [trainNumber, from, to, date] = request.ref.split('|');
    if (!trainNumber || !from || !to || !date || !getStation(from) || !getStation(to)) {
      return { kind: 'unavailable', train: null };
    }
    const trains = await this.search({ origins: [from], destinations: [to], date }, signal);
    const train = trains.find(
      (t) => t.trainNumber === trainNumber && t.origin === from && t.destination === to,
    );
    const seat = train?.seats.find((s) => s.seatClass === request.seatClass);
    if (!train || !seat) return { kind: 'unavailable', train: train ?? null };
    const priceMinor = faults.priceMinor ?? seat.priceMinor;
    const current = { ...train, seats: train.seats.map((s) => (s === seat ? { ...s, priceMinor } : s)) };
    if (seat.available < request.passengers.length) return { kind: 'unavailable', train: current };
    if (priceMinor !== request.expectedPriceMinor)
      return { kind: 'price_changed', train: current, priceMinor };
    const key = `${request.ref}|${request.seatClass}|${request.passengers.map((p) => p.documentNumber).join()}`;
    let reference = '';
    for (let salt = 0; reference === '' || this.bookings.has(reference); salt++) {
      reference = `E${String(hash32(`${this.options.seed}|rail-booking|${key}|${salt}|${Date.now()}`) % 1e9).padStart(9, '0')}`;
    }
    this.bookings.set(reference, {
      train: current,
      seatClass: request.seatClass,
      passengers: request.passengers.length,
      state: 'held',
      tickets: [],
    });
    return { kind: 'booked', reference, train: current, priceMinor };
  }

  /** Issues one ticket per passenger with seats side by side; the same tickets when asked again. */
  async ticket(reference: string, signal: AbortSignal): Promise<RailTicketAnswer> {
    const faults = await this.orderCall(reference, signal);
    const booking = this.bookings.get(reference);
    if (!booking || booking.state === 'canceled' || booking.state === 'refunded') {
      return { kind: 'refused', reason: 'No such booking at the railway' };
    }
    if (booking.state === 'ticketed') return { kind: 'ticketed', tickets: booking.tickets };
    if (faults.ticketRefused) return { kind: 'refused', reason: 'The railway refused to issue the tickets' };
    const rng = seeded(`${this.options.seed}|rail-seats-assigned|${reference}`);
    booking.tickets = assignSeats(booking.seatClass, booking.passengers, rng).map((seat, i) => ({
      ...seat,
      ticketNumber: `${reference}${i + 1}`,
    }));
    booking.state = 'ticketed';
    return { kind: 'ticketed', tickets: booking.tickets };
  }

  async cancel(reference: string, signal: AbortSignal): Promise<void> {
    await this.orderCall(reference, signal);
    const booking = this.bookings.get(reference);
    if (booking && booking.state === 'held') booking.state = 'canceled';
  }

  async refund(reference: string, signal: AbortSignal): Promise<RailRefundAnswer> {
    const faults = await this.orderCall(reference, signal);
    const booking = this.bookings.get(reference);
    if (booking?.state === 'refunded') return { kind: 'refunded' };
    if (!booking || booking.state !== 'ticketed') return { kind: 'refused', reason: 'No ticketed booking' };
    if (faults.refundRefused) return { kind: 'refused', reason: 'The railway refused the refund' };
    if (Date.parse(booking.train.departureUtc) <= Date.now()) {
      return { kind: 'refused', reason: 'The train has left' };
    }
    booking.state = 'refunded';
    return { kind: 'refunded' };
  }

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
    const departureUtc = instantOfLocalMinutes(date, train.departureMinutes, train.from.timeZone).getTime();
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
      departureLocal: localDateTime(departureUtc, train.from.timeZone),
      arrivalLocal: localDateTime(arrivalUtc, train.to.timeZone),
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
