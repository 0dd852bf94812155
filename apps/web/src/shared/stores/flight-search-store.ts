import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface FlightSearchState {
  /** The last search (filled by the flight booking feature); null when none. */
  search: Record<string, unknown> | null;
  /** When the last search ran (epoch ms), for the 10-minute staleness rule. */
  lastSearchTime: number | null;
  setSearch: (search: Record<string, unknown>) => void;
  clear: () => void;
}

/** Flight search state for this browser session (sessionStorage); logout clears it. */
export const useFlightSearchStore = create<FlightSearchState>()(
  persist(
    (set) => ({
      search: null,
      lastSearchTime: null,
      setSearch: (search) => set({ search, lastSearchTime: Date.now() }),
      clear: () => set({ search: null, lastSearchTime: null }),
    }),
    {
      name: 'portal-flight-search',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ search, lastSearchTime }) => ({ search, lastSearchTime }),
    },
  ),
);
