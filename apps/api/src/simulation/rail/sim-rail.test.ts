import { isHighSpeed, SEAT_CLASSES_BY_TRAIN_TYPE } from '@portal/domain/rail';
import { getStation, type Station } from '@portal/reference-data/stations';
import { describe, expect, it } from 'vitest';
import { createRailRegistry, type RailQuery } from '../../modules/rail/index';
import { searchTrains, stationsOfCity } from '../../modules/rail/index';
import { fareFen, railDistanceKm, routeHasTrains } from './sim-rail-network';
import { createSimRail } from './sim-rail';

const station = (code: string): Station => {
  const s = getStation(code);
  if (!s) throw new Error(code);
  return s;
};
const cityQuery = (from: string, to: string, date = '2026-12-01'): RailQuery => ({
  origins: stationsOfCity(station(from)).map((s) => s.code),
  destinations: stationsOfCity(station(to)).map((s) => s.code),
  date,
});
const search = (query: RailQuery, seed = 'test') =>
  createSimRail({ latencyScale: 0, seed }).search(query, new AbortController().signal);

/** A route of two small stations (no known city) on which the simulator runs no train. */
const NO_TRAINS = { origin: 'AAX', destination: 'ADX' }; // 昂昂溪 -> 安达

describe('simulated rail supplier', () => {
  it('answers the same trains, times, prices and seats for the same route and day', async () => {
    const a = await search(cityQuery('VNP', 'AOH'));
    const b = await search(cityQuery('VNP', 'AOH'));
    expect(a.length).toBeGreaterThan(5);
    expect(b).toEqual(a);
  });

  it('keeps the timetable from day to day while the seats left change', async () => {
    const monday = await search(cityQuery('VNP', 'AOH', '2026-12-07'));
    const tuesday = await search(cityQuery('VNP', 'AOH', '2026-12-08'));
    const timetable = (list: typeof monday) =>
      list.map((t) => `${t.trainNumber} ${t.departureLocal.slice(11)}`);
    expect(timetable(tuesday)).toEqual(timetable(monday));
    expect(tuesday.map((t) => t.seats.map((s) => s.available))).not.toEqual(
      monday.map((t) => t.seats.map((s) => s.available)),
    );
  });

  it('runs high-speed and conventional trains between Beijing and Shanghai, from the cities’ stations', async () => {
    const trains = await search(cityQuery('VNP', 'AOH'));
    const types = new Set(trains.map((t) => t.trainType));
    expect(types.has('G')).toBe(true);
    expect([...types].some((t) => !isHighSpeed(t))).toBe(true);
    const beijing = new Set(stationsOfCity(station('VNP')).map((s) => s.code));
    const shanghai = new Set(stationsOfCity(station('AOH')).map((s) => s.code));
    for (const t of trains) {
      expect(beijing.has(t.origin), t.ref).toBe(true);
      expect(shanghai.has(t.destination), t.ref).toBe(true);
      expect(t.trainNumber).toMatch(new RegExp(`^${t.trainType}\\d{1,4}$`));
    }
    expect(new Set(trains.map((t) => t.trainNumber)).size).toBe(trains.length);
  });

  it('gives plausible times: positive durations, arrival after departure, G faster than K', async () => {
    const trains = await search(cityQuery('VNP', 'AOH'));
    for (const t of trains) {
      expect(t.durationMinutes).toBeGreaterThan(0);
      expect(Date.parse(t.arrivalUtc) - Date.parse(t.departureUtc)).toBe(t.durationMinutes * 60_000);
      expect(t.departureLocal.slice(0, 10)).toBe('2026-12-01');
      expect(t.arrivalLocal > t.departureLocal).toBe(true);
    }
    const slowestG = Math.max(...trains.filter((t) => t.trainType === 'G').map((t) => t.durationMinutes));
    const fastestK = Math.min(...trains.filter((t) => t.trainType === 'K').map((t) => t.durationMinutes));
    expect(slowestG).toBeLessThan(fastestK);
    // Beijing - Shanghai by G takes 4 to 6 hours (1,318 km by rail).
    expect(slowestG).toBeGreaterThanOrEqual(240);
    expect(slowestG).toBeLessThanOrEqual(6 * 60);
  });

  it('sells the classes of each train type, prices by distance, no seat only when seats are gone', async () => {
    const trains = await search(cityQuery('VNP', 'AOH'));
    for (const t of trains) {
      expect(t.seats.map((s) => s.seatClass)).toEqual(SEAT_CLASSES_BY_TRAIN_TYPE[t.trainType]);
      for (const s of t.seats) {
        expect(Number.isSafeInteger(s.priceMinor) && s.priceMinor % 50 === 0).toBe(true);
        expect(s.available).toBeGreaterThanOrEqual(0);
      }
      const cheapest = t.seats.at(-2);
      const noSeat = t.seats.at(-1);
      if (cheapest && cheapest.available > 0) expect(noSeat?.available).toBe(0);
      expect(noSeat?.priceMinor).toBe(cheapest?.priceMinor);
    }
    const g = trains.find((t) => t.trainType === 'G');
    const second = g?.seats.find((s) => s.seatClass === 'second')?.priceMinor ?? 0;
    // About 553 yuan on 12306.
    expect(second).toBeGreaterThan(45_000);
    expect(second).toBeLessThan(65_000);
    expect(fareFen('G', 'business', 100)).toBeGreaterThan(fareFen('G', 'first', 100));
    expect(fareFen('K', 'soft-sleeper', 500)).toBeGreaterThan(fareFen('K', 'hard-seat', 500));
  });

  it('measures distances between known cities and gives a stable one otherwise', () => {
    const bjSh = railDistanceKm(station('VNP'), station('AOH'));
    expect(bjSh).toBeGreaterThan(1_100);
    expect(bjSh).toBeLessThan(1_500);
    expect(railDistanceKm(station('AOH'), station('VNP'))).toBe(bjSh);
    const small = railDistanceKm(station('AAX'), station('ADF'));
    expect(small).toBe(railDistanceKm(station('ADF'), station('AAX')));
    expect(small).toBeGreaterThanOrEqual(150);
  });

  it('runs no train on some routes between small stations ("No trains available")', async () => {
    expect(routeHasTrains(station(NO_TRAINS.origin), station(NO_TRAINS.destination))).toBe(false);
    expect(await search(cityQuery(NO_TRAINS.origin, NO_TRAINS.destination))).toEqual([]);
    expect(await search(cityQuery('VNP', 'BXP'))).toEqual([]);
  });

  it('obeys its fault knobs: error, sold out, no trains, timeout', async () => {
    const sim = createSimRail({ latencyScale: 0, seed: 'test' });
    const query = cityQuery('VNP', 'AOH');
    const signal = new AbortController().signal;
    sim.faults = { error: true };
    await expect(sim.search(query, signal)).rejects.toThrow(/fault knob/);
    sim.faults = { soldOut: true };
    const soldOut = await sim.search(query, signal);
    expect(soldOut.length).toBeGreaterThan(0);
    expect(soldOut.flatMap((t) => t.seats).every((s) => s.available === 0)).toBe(true);
    sim.faults = { noTrains: true };
    expect(await sim.search(query, signal)).toEqual([]);
    sim.faults = { timeout: true };
    const controller = new AbortController();
    const pending = sim.search(query, controller.signal);
    controller.abort(new Error('gave up'));
    await expect(pending).rejects.toThrow('gave up');
  });
});

describe('searchTrains', () => {
  const now = () => new Date('2026-11-30T20:00:00Z'); // 04:00 on 1 December in Beijing
  const request = { origin: 'VNP', destination: 'AOH', date: '2026-12-01' };

  it('reports a supplier that does not answer in time as a timeout and fails with 503', async () => {
    const sim = createSimRail({ latencyScale: 0, seed: 'test' });
    sim.faults = { timeout: true };
    const deps = { registry: createRailRegistry([sim]), now, timeoutMs: 20 };
    await expect(searchTrains(deps, request)).rejects.toMatchObject({
      errorName: 'SERVICE_UNAVAILABLE',
      data: { suppliers: [{ name: 'sim-rail', status: 'timeout', count: 0 }] },
    });
  });

  it('fails with 503 without any rail supplier', async () => {
    const deps = { registry: createRailRegistry([]), now, timeoutMs: 1_000 };
    await expect(searchTrains(deps, request)).rejects.toMatchObject({ errorName: 'SERVICE_UNAVAILABLE' });
  });

  it('refuses a date that has passed in Beijing time', async () => {
    const deps = {
      registry: createRailRegistry([createSimRail({ latencyScale: 0, seed: 't' })]),
      now,
      timeoutMs: 1_000,
    };
    await expect(searchTrains(deps, { ...request, date: '2026-11-30' })).rejects.toMatchObject({
      errorName: 'ILLEGAL_INPUT',
    });
    const today = await searchTrains(deps, request);
    expect(today.suppliers).toEqual([expect.objectContaining({ name: 'sim-rail', status: 'done' })]);
  });
});
