import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AIRLINE_ROWS } from '../../src/generated/airlines-data';
import { AIRPORT_ROWS } from '../../src/generated/airports-data';
import { STATION_ROWS } from '../../src/generated/stations-data';
import type { Coverage } from '../../src/coverage';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Counts the figures from the generated catalogs and `data/optd/optd_airline_por.csv`. */
export function countCoverage(): Coverage {
  const known = new Set(AIRLINE_ROWS.map((row) => row[0]));
  const flying = new Set<string>();
  const routes = new Set<string>();
  const text = readFileSync(join(ROOT, 'data', 'optd', 'optd_airline_por.csv'), 'utf8');
  for (const line of text.split('\n').slice(1)) {
    const [carrier, org, dst, freq] = line.trim().split('^');
    if (!carrier || !org || !dst || !(Number(freq) > 0)) continue;
    routes.add(`${org}-${dst}`);
    if (known.has(carrier)) flying.add(carrier);
  }
  return {
    countries: new Set(AIRPORT_ROWS.map((row) => row[5])).size,
    airports: AIRPORT_ROWS.length,
    airlines: flying.size,
    routes: routes.size,
    stations: STATION_ROWS.length,
  };
}
