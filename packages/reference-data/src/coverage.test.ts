import { describe, expect, it } from 'vitest';
import { countCoverage } from '../scripts/lib/coverage';
import { COVERAGE } from './coverage';

describe('coverage figures of the home page', () => {
  it('are the counts of the reference data (run scripts/build-coverage.ts after the data changes)', () => {
    expect(COVERAGE).toEqual(countCoverage());
  });

  it('are plausible counts, none of them zero', () => {
    for (const value of Object.values(COVERAGE)) expect(value).toBeGreaterThan(0);
    expect(COVERAGE.countries).toBeLessThanOrEqual(249);
    expect(COVERAGE.airports).toBeGreaterThan(COVERAGE.countries);
  });
});
