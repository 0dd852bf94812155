import { useEffect, useSyncExternalStore } from 'react';
import type { searchAirports } from '@portal/reference-data/airport-search';
import type { cityCodeOf, getAirport, getCity } from '@portal/reference-data/airports';
import type { getAirline } from '@portal/reference-data/airlines';

/** The airport and airline reference data, loaded on demand as its own chunk (~236 KB gzip). */
export interface ReferenceData {
  searchAirports: typeof searchAirports;
  getAirport: typeof getAirport;
  getCity: typeof getCity;
  cityCodeOf: typeof cityCodeOf;
  getAirline: typeof getAirline;
}

let loaded: ReferenceData | null = null;
let loading: Promise<ReferenceData> | null = null;
const listeners = new Set<() => void>();

/** Starts (once) and returns the load of the reference data. */
export function loadReferenceData(): Promise<ReferenceData> {
  loading ??= Promise.all([
    import('@portal/reference-data/airport-search'),
    import('@portal/reference-data/airports'),
    import('@portal/reference-data/airlines'),
  ]).then(([search, airports, airlines]) => {
    loaded = {
      searchAirports: search.searchAirports,
      getAirport: airports.getAirport,
      getCity: airports.getCity,
      cityCodeOf: airports.cityCodeOf,
      getAirline: airlines.getAirline,
    };
    for (const listener of listeners) listener();
    return loaded;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The reference data once loaded; null until then. `load` (default true) starts the download: a
 * component that needs the data only once the user turns to it passes false until then.
 */
export function useReferenceData(load = true): ReferenceData | null {
  useEffect(() => {
    if (load) void loadReferenceData();
  }, [load]);
  return useSyncExternalStore(subscribe, () => loaded);
}
