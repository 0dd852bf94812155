import { COVERAGE_DATA } from './generated/coverage-data';

/**
 * The home page's coverage figures (spec §2 "feature figures": countries, airports, airlines,
 * routes, rail stations), counted from the reference data when the data is built, never typed
 * in: `src/generated/coverage-data.ts`, written by `scripts/build-coverage.ts` and checked against
 * the data by `coverage.test.ts`. A few numbers, so the home page imports them without the catalogs.
 */
export interface Coverage {
  /** Countries and territories with at least one airport in the catalog. */
  countries: number;
  /** Airports in the catalog. */
  airports: number;
  /** Airlines of the catalog that fly at least one route of the route network. */
  airlines: number;
  /** Non-stop airport pairs (one direction each) of the route network (OPTD airline_por). */
  routes: number;
  /** Railway stations of China in the station table. */
  stations: number;
}

/** The figures as counted by the last data build. */
export const COVERAGE: Coverage = COVERAGE_DATA;
