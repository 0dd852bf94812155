import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface FlightSearchState {
  /** The last search (filled by the flight search feature, which validates it); null when none. */
  search: Record<string, unknown> | null;
  /** When the last search ran (epoch ms), for the 10-minute staleness rule. */
  lastSearchTime: number | null;
  /** The price-checked solution the confirmation page shows (flight booking feature); null when none. */
  verified: Record<string, unknown> | null;
  /** Starts a new search: stores it and stamps the search time. */
  setSearch: (search: Record<string, unknown>) => void;
  /** Updates the current search (more results arrived) without changing its search time. */
  patchSearch: (search: Record<string, unknown>) => void;
  setVerified: (verified: Record<string, unknown> | null) => void;
  clear: () => void;
}

/** Flight search state for this browser session (sessionStorage); logout clears it. */
export const useFlightSearchStore = create<FlightSearchState>()(
  persist(
    (set) => ({
      search: null,
      lastSearchTime: null,
      verified: null,
      setSearch: (search) => set({ search, lastSearchTime: Date.now() }),
      patchSearch: (search) => set({ search }),
      setVerified: (verified) => set({ verified }),
      clear: () => set({ search: null, lastSearchTime: null, verified: null }),
    }),
    {
      name: 'portal-flight-search',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ search, lastSearchTime, verified }) => ({ search, lastSearchTime, verified }),
    },
  ),
);
