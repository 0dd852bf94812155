import { useSyncExternalStore } from 'react';
import type { searchStations } from '@portal/reference-data/station-search';
import type { getStation } from '@portal/reference-data/stations';

/** The station table and its search, loaded on demand as their own chunk (train pages only). */
export interface StationData {
  searchStations: typeof searchStations;
  getStation: typeof getStation;
}

let loaded: StationData | null = null;
let loading: Promise<StationData> | null = null;
const listeners = new Set<() => void>();

/** Starts (once) and returns the load of the station data. */
export function loadStationData(): Promise<StationData> {
  loading ??= Promise.all([
    import('@portal/reference-data/station-search'),
    import('@portal/reference-data/stations'),
  ]).then(([search, stations]) => {
    loaded = { searchStations: search.searchStations, getStation: stations.getStation };
    for (const listener of listeners) listener();
    return loaded;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadStationData();
  return () => listeners.delete(listener);
}

/** The station data once loaded; null while its chunk is still downloading. */
export function useStationData(): StationData | null {
  return useSyncExternalStore(subscribe, () => loaded);
}
