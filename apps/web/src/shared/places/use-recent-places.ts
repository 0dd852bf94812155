import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const MAX_RECENT_PLACES = 8;

interface RecentPlacesState {
  /** Airport or city codes picked most recently, newest first. */
  codes: string[];
  remember: (code: string) => void;
}

/** The last 8 airports or cities picked in the search form, kept in localStorage. */
export const useRecentPlaces = create<RecentPlacesState>()(
  persist(
    (set) => ({
      codes: [],
      remember: (code) =>
        set((s) => ({ codes: [code, ...s.codes.filter((c) => c !== code)].slice(0, MAX_RECENT_PLACES) })),
    }),
    { name: 'portal-flight-recent-places', storage: createJSONStorage(() => localStorage) },
  ),
);
