import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STATION_ROWS } from '@portal/reference-data/generated/stations-data';
import { describe, expect, it } from 'vitest';
import { readStationRows } from './stations-data-plugin.ts';

const GENERATED = path.resolve(
  import.meta.dirname,
  '../../packages/reference-data/src/generated/stations-data.ts',
);

describe('the station table as data', () => {
  it('holds exactly the rows of the generated module', () => {
    const rows = readStationRows(readFileSync(GENERATED, 'utf8'));
    expect(rows.length).toBeGreaterThan(2_000);
    expect(rows).toEqual(STATION_ROWS);
  });

  it('refuses a module without the rows rather than shipping an empty table', () => {
    expect(() => readStationRows('export const OTHER = [];')).toThrow(/no STATION_ROWS/);
  });
});
