import { isHighSpeed, type SeatClass, type TrainType } from '@portal/domain/rail';
import { getStation, type Station } from '@portal/reference-data/stations';
import { hash32, type Random } from '../prng';
import { distanceKm } from '../geo';

/**
 * The simulated rail network: distances, which train types run on a route, their timetables'
 * speeds and the fares. Pure and deterministic; see docs/trains.md for the figures and why.
 */

/** Rails are longer than the great circle: the distance charged is 1.2 times it. */
export const RAIL_DETOUR_FACTOR = 1.2;
const MIN_DISTANCE_KM = 30;

/** Where a station is for the simulator: its OPTD city, else the station itself. */
export function placeOf(station: Station): string {
  return station.cityCode || station.code;
}

/**
 * Distance charged between two stations, km: the great circle between their cities times 1.2 when
 * both cities are known, else a stable number from the pair's codes (150..1,950 km).
 */
export function railDistanceKm(a: Station, b: Station): number {
  if (a.lat !== null && a.lon !== null && b.lat !== null && b.lon !== null) {
    const km = distanceKm({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon }) * RAIL_DETOUR_FACTOR;
    return Math.max(MIN_DISTANCE_KM, Math.round(km));
  }
  const [x, y] = [placeOf(a), placeOf(b)].sort();
  return 150 + (hash32(`rail-distance|${x}|${y}`) % 1_801);
}

/**
 * Routes with no train at all ('No trains available'): one in six routes between two stations
 * neither of which belongs to a known city (small stations), decided by the pair's codes.
 */
export function routeHasTrains(a: Station, b: Station): boolean {
  if (placeOf(a) === placeOf(b)) return false;
  if (a.cityCode || b.cityCode) return true;
  const [x, y] = [a.code, b.code].sort();
  return hash32(`rail-route|${x}|${y}`) % 6 !== 0;
}

/** Stations on the high-speed network: every city's stations, and two in three of the others. */
export function onHighSpeedNetwork(s: Station): boolean {
  return s.cityCode !== '' || hash32(`rail-hsr|${s.code}`) % 3 !== 0;
}

/** Average speed from departure to arrival, stops included, km/h. */
export const AVERAGE_SPEED_KMH: Record<TrainType, number> = {
  G: 260,
  D: 190,
  C: 160,
  Z: 115,
  T: 95,
  K: 75,
};

/** How many trains of a type run on a route a day (min, max), or null when the type does not. */
export function dailyTrains(type: TrainType, km: number, bothHighSpeed: boolean): [number, number] | null {
  if (isHighSpeed(type) && !bothHighSpeed) return null;
  switch (type) {
    case 'G':
      return km >= 150 ? [4, 12] : null;
    case 'D':
      return km <= 1_800 ? [2, 6] : [1, 2];
    case 'C':
      return km <= 350 ? [3, 8] : null;
    case 'Z':
      return km >= 800 ? [0, 2] : null;
    case 'T':
      return km >= 300 ? [1, 2] : null;
    case 'K':
      return km >= 60 ? [1, 4] : null;
  }
}

/**
 * Fares in fen per km by train type and seat class, modelled on 12306 prices (Beijing South -
 * Shanghai Hongqiao G, 1,318 km: second 553, first 933, business 1,748 yuan; the K train, 1,463 km:
 * hard seat 156.5, hard sleeper 283.5, soft sleeper 444.5 yuan). "No seat" costs what the
 * cheapest seat does, as on 12306.
 */
export const FARE_FEN_PER_KM: Record<TrainType, Partial<Record<SeatClass, number>>> = {
  G: { business: 133, first: 71, second: 42 },
  D: { first: 45, second: 31 },
  C: { first: 55, second: 45 },
  Z: { 'soft-sleeper': 32, 'hard-sleeper': 21, 'hard-seat': 12 },
  T: { 'soft-sleeper': 31, 'hard-sleeper': 20, 'hard-seat': 11.5 },
  K: { 'soft-sleeper': 30, 'hard-sleeper': 19, 'hard-seat': 11 },
};

/** The lowest fare of any ticket, fen. */
export const MIN_FARE_FEN = 500;

/** The fare of a seat class over a distance, fen, in half yuan as 12306 prices are. */
export function fareFen(type: TrainType, seatClass: SeatClass, km: number): number {
  const rates = FARE_FEN_PER_KM[type];
  const rate = seatClass === 'no-seat' ? Math.min(...Object.values(rates)) : (rates[seatClass] ?? 0);
  return Math.max(MIN_FARE_FEN, Math.round((rate * km) / 50) * 50);
}

/** Seats on sale per class of one train and day, before the day's demand. */
const CAPACITY: Record<SeatClass, number> = {
  business: 20,
  first: 80,
  second: 400,
  'soft-sleeper': 36,
  'hard-sleeper': 200,
  'hard-seat': 300,
  'no-seat': 100,
};

/**
 * Seats left of a class on a train and day: one class in seven is sold out; "no seat" tickets are
 * only sold once the cheapest seats are gone (`cheapestLeft` 0).
 */
export function seatsLeft(seatClass: SeatClass, rng: Random, cheapestLeft: number): number {
  if (seatClass === 'no-seat') return cheapestLeft > 0 ? 0 : rng.int(0, CAPACITY['no-seat']);
  if (rng.chance(1 / 7)) return 0;
  return rng.int(1, CAPACITY[seatClass]);
}

/** The station of a code, or an error: the supplier is only asked about known stations. */
export function stationOf(code: string): Station {
  const station = getStation(code);
  if (!station) throw new Error(`unknown station ${code}`);
  return station;
}
