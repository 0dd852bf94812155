import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const STATIONS_DATA = path.resolve(
  import.meta.dirname,
  '../../packages/reference-data/src/generated/stations-data.ts',
);
const STATIONS_SHIM = '\0portal-stations-data';

/**
 * The rows of the generated station module: the array literal it exports as `STATION_ROWS`, one
 * JSON row a line (`build-stations.ts` writes them with `JSON.stringify`), a trailing comma apart.
 */
export function readStationRows(source: string): unknown[] {
  const match = /^export const STATION_ROWS[^=\n]*=\s*(\[[\s\S]*?\]);$/m.exec(source);
  const rows: unknown = JSON.parse((match?.[1] ?? '').replace(/,(\s*)\]$/, '$1]') || 'null');
  if (!Array.isArray(rows) || rows.length === 0) throw new Error(`${STATIONS_DATA}: no STATION_ROWS`);
  return rows;
}

/**
 * The railway station table ships as data, not code, as the airport catalog does (`airportsAsData`
 * in `vite.config.ts`): the build writes the generated rows to a content-hashed
 * `assets/stations-<hash>.json` (precompressed, cached as immutable), and the module the station
 * table imports becomes a small one that fetches it. The train pages load the table lazily when
 * the station picker shows (`use-stations.ts`), so the file is fetched then. As code the rows were
 * about 40 KB of JavaScript to parse on the train booking page; the API and the tests keep the
 * TypeScript module.
 */
export function stationsAsData(): Plugin {
  let base = '/';
  return {
    name: 'portal-stations-as-data',
    apply: 'build',
    // Before Vite's resolver, which would otherwise resolve the import to the TypeScript file.
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    resolveId(source, importer) {
      if (source === './generated/stations-data' && importer?.includes('reference-data')) {
        return STATIONS_SHIM;
      }
      return null;
    },
    load(id) {
      if (id !== STATIONS_SHIM) return null;
      const json = JSON.stringify(readStationRows(readFileSync(STATIONS_DATA, 'utf8')));
      const hash = createHash('sha256').update(json).digest('base64url').slice(0, 10);
      const fileName = `assets/stations-${hash}.json`;
      this.emitFile({ type: 'asset', fileName, source: json });
      return [
        `const response = await fetch(${JSON.stringify(base + fileName)});`,
        `if (!response.ok) throw new Error('The station table did not load: ' + response.status);`,
        'export const STATION_ROWS = await response.json();',
      ].join('\n');
    },
  };
}
