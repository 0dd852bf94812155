import { getAirport } from '@portal/reference-data/airports';
import { hash32, seeded } from '../prng';
import { carriersFrom, carriersOn, hubsOf } from '../../platform/air-routes';
import { addDays } from '../../platform/time';
import { instantOfLocalMinutes } from '../../platform/time-zones';
import { distanceKm } from '../geo';

/** A scheduled flight; the same for every supplier that sells it. */
export interface ScheduledFlight {
  carrier: string;
  flightNumber: string;
  origin: string;
  destination: string;
  aircraft: string;
  departureTerminal: string | null;
  arrivalTerminal: string | null;
  departureUtc: number;
  arrivalUtc: number;
  durationMinutes: number;
  distanceKm: number;
}

/** A way from one airport to another on one carrier: a non-stop flight or a connection at its hub. */
export interface Itinerary {
  carrier: string;
  flights: ScheduledFlight[];
}

const FIRST_DEPARTURE = 6 * 60 + 30;
const LAST_DEPARTURE = 22 * 60 + 30;
const MAX_ITINERARIES_PER_CARRIER = 4;

/** Block time: 30 min taxi and climb plus cruise at 800 km/h, rounded to 5 minutes. */
export function blockMinutes(km: number): number {
  return Math.round((30 + (km / 800) * 60) / 5) * 5;
}

function aircraftFor(km: number, pick: number): string {
  const types =
    km < 1800
      ? ['320', '321', '738', '32N']
      : km < 5000
        ? ['333', '332', '789']
        : ['77W', '359', '789', '388'];
  return types[pick % types.length] ?? '320';
}

function terminalOf(airport: string, carrier: string): string | null {
  const h = hash32(`terminal|${airport}|${carrier}`);
  return h % 4 === 0 ? null : `T${(h % 3) + 1}`;
}

/**
 * Whether a route of `frequency` flights a year operates on `date`. Daily routes every day; a
 * route of at least one flight a week on fixed weekdays spread over the week (three a week: every
 * other day or so, never more than three days apart), the same every week as airlines publish;
 * rarer routes on a date with the probability of their frequency.
 */
export function operatesOn(
  carrier: string,
  origin: string,
  destination: string,
  frequency: number,
  date: string,
): boolean {
  if (frequency >= 365) return true;
  if (frequency < 52)
    return seeded(`ops|${carrier}|${origin}|${destination}|${date}`).next() < frequency / 365;
  const perWeek = Math.min(7, Math.max(1, Math.round(frequency / 52)));
  const offset = hash32(`weekdays|${carrier}|${origin}|${destination}`) % 7;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const slot = (weekday - offset + 7) % 7;
  // Weekdays offset + floor(i * 7 / perWeek), i < perWeek.
  return Array.from({ length: perWeek }, (_, i) => Math.floor((i * 7) / perWeek)).includes(slot);
}

/** The flights of a carrier on a route and date: times spread over the day by its OPTD frequency. */
export function flightsOn(
  carrier: string,
  origin: string,
  destination: string,
  date: string,
): ScheduledFlight[] {
  const from = getAirport(origin);
  const to = getAirport(destination);
  const route = carriersOn(origin, destination).find((c) => c.carrier === carrier);
  if (!from || !to || !route) return [];
  if (!operatesOn(carrier, origin, destination, route.frequency, date)) return [];
  const perDay = Math.max(1, Math.min(5, Math.round(route.frequency / 365)));
  const rng = seeded(`schedule|${carrier}|${origin}|${destination}`);
  const km = distanceKm(from, to);
  const block = blockMinutes(km);
  const width = Math.floor((LAST_DEPARTURE - FIRST_DEPARTURE) / perDay / 5) * 5;
  const baseNumber = 100 + (hash32(`number|${carrier}|${origin}|${destination}`) % 8800);
  const flights: ScheduledFlight[] = [];
  for (let i = 0; i < perDay; i++) {
    const minutes = FIRST_DEPARTURE + i * width + Math.round(rng.int(0, Math.max(0, width - 30)) / 5) * 5;
    const departureUtc = instantOfLocalMinutes(date, minutes, from.timeZone).getTime();
    flights.push({
      carrier,
      flightNumber: String(baseNumber + i * 2),
      origin,
      destination,
      aircraft: aircraftFor(km, rng.int(0, 9)),
      departureTerminal: terminalOf(origin, carrier),
      arrivalTerminal: terminalOf(destination, carrier),
      departureUtc,
      arrivalUtc: departureUtc + block * 60_000,
      durationMinutes: block,
      distanceKm: Math.round(km),
    });
  }
  return flights;
}

function directItineraries(
  origin: string,
  destination: string,
  date: string,
  carrierOk: (c: string) => boolean,
): Itinerary[] {
  return carriersOn(origin, destination)
    .filter((c) => carrierOk(c.carrier))
    .flatMap((c) =>
      flightsOn(c.carrier, origin, destination, date).map((f) => ({ carrier: c.carrier, flights: [f] })),
    );
}

function connectingItineraries(
  origin: string,
  destination: string,
  date: string,
  carrierOk: (c: string) => boolean,
): Itinerary[] {
  const from = getAirport(origin);
  const to = getAirport(destination);
  if (!from || !to) return [];
  const direct = distanceKm(from, to);
  const result: Itinerary[] = [];
  for (const carrier of carriersFrom(origin)) {
    if (!carrierOk(carrier)) continue;
    for (const hub of hubsOf(carrier)) {
      const via = getAirport(hub);
      if (!via || hub === origin || hub === destination) continue;
      if (!carriersOn(hub, destination).some((c) => c.carrier === carrier)) continue;
      // A real routing: the detour through the hub stays under 40 %.
      if (distanceKm(from, via) + distanceKm(via, to) > direct * 1.4) continue;
      const rng = seeded(`connection|${carrier}|${origin}|${hub}|${destination}`);
      const minConnect = rng.int(12, 18) * 5;
      const onward = [
        ...flightsOn(carrier, hub, destination, date),
        ...flightsOn(carrier, hub, destination, addDays(date, 1)),
      ];
      let added = 0;
      for (const first of flightsOn(carrier, origin, hub, date)) {
        const earliest = first.arrivalUtc + minConnect * 60_000;
        const second = onward.find(
          (f) => f.departureUtc >= earliest && f.departureUtc <= earliest + 12 * 3_600_000,
        );
        if (!second || added >= MAX_ITINERARIES_PER_CARRIER) continue;
        result.push({ carrier, flights: [first, second] });
        added++;
      }
      if (added > 0) break;
    }
  }
  return result;
}

/**
 * Itineraries of one journey between any of the origin and destination airports: non-stop flights,
 * and connections through the carrier's hubs when fewer than two non-stop ones exist.
 */
export function itinerariesFor(
  origins: readonly string[],
  destinations: readonly string[],
  date: string,
  carrierOk: (carrier: string) => boolean,
): Itinerary[] {
  const result: Itinerary[] = [];
  for (const origin of origins) {
    for (const destination of destinations) {
      if (origin === destination) continue;
      const direct = directItineraries(origin, destination, date, carrierOk);
      result.push(...direct);
      if (direct.length < 2) result.push(...connectingItineraries(origin, destination, date, carrierOk));
    }
  }
  return result.sort((a, b) => (a.flights[0]?.departureUtc ?? 0) - (b.flights[0]?.departureUtc ?? 0));
}
