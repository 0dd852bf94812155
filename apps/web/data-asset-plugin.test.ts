import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AIRPORT_ROWS, CITY_ROWS, TIME_ZONES } from '@portal/reference-data/generated/airports-data';
import { STATION_ROWS } from '@portal/reference-data/generated/stations-data';
import { describe, expect, it } from 'vitest';
import { readExportedArrays } from './data-asset-plugin.ts';

const generated = (module: string) => {
  const file = path.resolve(import.meta.dirname, `../../packages/reference-data/src/generated/${module}.ts`);
  return { file, source: readFileSync(file, 'utf8') };
};

describe('generated reference data as data files', () => {
  it('holds exactly the rows of the station module', () => {
    const { file, source } = generated('stations-data');
    const { STATION_ROWS: rows } = readExportedArrays(file, source, ['STATION_ROWS']);
    expect(rows?.length).toBeGreaterThan(2_000);
    expect(rows).toEqual(STATION_ROWS);
  });

  it('holds exactly the arrays of the airport module', () => {
    const { file, source } = generated('airports-data');
    const data = readExportedArrays(file, source, ['TIME_ZONES', 'AIRPORT_ROWS', 'CITY_ROWS']);
    expect(data).toEqual({ TIME_ZONES, AIRPORT_ROWS, CITY_ROWS });
  });

  it('refuses a module without the rows rather than shipping an empty table', () => {
    expect(() => readExportedArrays('m.ts', 'export const OTHER = [];', ['STATION_ROWS'])).toThrow(
      /m\.ts: no STATION_ROWS/,
    );
    expect(() => readExportedArrays('m.ts', 'export const STATION_ROWS = [];', ['STATION_ROWS'])).toThrow(
      /no STATION_ROWS/,
    );
  });
});
