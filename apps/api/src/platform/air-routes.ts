import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * The airline route network of OPTD (`data/optd/optd_airline_por.csv`): who flies which non-stop
 * route how often in a year. Read from the file on first use, on the server only (Node): the
 * agency pricing's popular routes and the simulated suppliers' schedules both rest on it.
 */

/** A carrier flying a route, with OPTD's yearly frequency. */
export interface RouteCarrier {
  carrier: string;
  frequency: number;
}

interface RouteData {
  /** `ORG-DST` → carriers, most frequent first. */
  routes: Map<string, RouteCarrier[]>;
  /** Carrier → its hubs (airports with the most routes of that carrier), best first. */
  hubs: Map<string, string[]>;
  /** Airport → carriers with a route out of it. */
  outbound: Map<string, string[]>;
}

let data: RouteData | undefined;

/** The OPTD route-frequency file of the reference-data package (also found from the API's esbuild bundle). */
export function routeFile(): string {
  const pkg = createRequire(import.meta.url).resolve('@portal/reference-data/package.json');
  return path.join(path.dirname(pkg), 'data', 'optd', 'optd_airline_por.csv');
}

function load(): RouteData {
  const routes = new Map<string, RouteCarrier[]>();
  const degree = new Map<string, Map<string, number>>();
  const text = fs.readFileSync(routeFile(), 'utf8');
  for (const line of text.split('\n').slice(1)) {
    const [carrier, org, dst, freq] = line.trim().split('^');
    if (!carrier || !org || !dst || !freq) continue;
    const frequency = Number(freq);
    if (!Number.isFinite(frequency) || frequency <= 0) continue;
    const key = `${org}-${dst}`;
    const list = routes.get(key) ?? [];
    list.push({ carrier, frequency });
    routes.set(key, list);
    const byAirport = degree.get(carrier) ?? new Map<string, number>();
    byAirport.set(org, (byAirport.get(org) ?? 0) + 1);
    degree.set(carrier, byAirport);
  }
  for (const list of routes.values()) list.sort((a, b) => b.frequency - a.frequency);
  const hubs = new Map<string, string[]>();
  for (const [carrier, byAirport] of degree) {
    const ranked = [...byAirport.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    // A hub serves a good share of the carrier's network: at least 10 routes and 1/3 of the top one.
    const top = ranked[0]?.[1] ?? 0;
    hubs.set(
      carrier,
      ranked
        .filter(([, n], i) => i === 0 || (n >= 10 && n * 3 >= top))
        .slice(0, 3)
        .map(([code]) => code),
    );
  }
  const outbound = new Map<string, string[]>();
  for (const [carrier, byAirport] of degree) {
    for (const airport of byAirport.keys())
      outbound.set(airport, [...(outbound.get(airport) ?? []), carrier]);
  }
  return { routes, hubs, outbound };
}

function routeData(): RouteData {
  data ??= load();
  return data;
}

/** Reads the route file now rather than on the first search (the offer worker, as it starts). */
export function preloadRoutes(): void {
  routeData();
}

/** Carriers that fly `origin` → `destination` non-stop (OPTD), most frequent first. */
export function carriersOn(origin: string, destination: string): RouteCarrier[] {
  return routeData().routes.get(`${origin}-${destination}`) ?? [];
}

/** Carriers with at least one route out of the airport. */
export function carriersFrom(origin: string): string[] {
  return routeData().outbound.get(origin) ?? [];
}

/** The hubs of a carrier: its most-connected airports in OPTD. */
export function hubsOf(carrier: string): string[] {
  return routeData().hubs.get(carrier) ?? [];
}

/** Yearly flights on a route over all carriers (0 when nobody flies it). */
export function routeFrequency(origin: string, destination: string): number {
  return carriersOn(origin, destination).reduce((sum, c) => sum + c.frequency, 0);
}

/** Spec §3 search mode 'popular': a route with at least daily service over all carriers. */
export const POPULAR_ROUTE_MIN_FREQUENCY = 365;
