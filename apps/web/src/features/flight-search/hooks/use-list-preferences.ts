import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SolutionSort } from '@portal/domain/shopping';
import { NO_FILTERS, type SolutionFilters } from '../model/filters';

/** Filters that make sense for any search and so are kept across searches. */
type GroupFilters = Pick<
  SolutionFilters,
  'stops' | 'departureBands' | 'arrivalBands' | 'cabins' | 'baggageOnly'
>;

interface ListPreferences {
  sort: SolutionSort;
  /** The route-independent filter group, persisted (spec §4 "sort and group filter persist locally"). */
  group: GroupFilters;
  /** Filter sections the user has collapsed. */
  collapsed: string[];
  setSort: (sort: SolutionSort) => void;
  setGroup: (group: Partial<GroupFilters>) => void;
  setCollapsed: (collapsed: string[]) => void;
  resetGroup: () => void;
}

const EMPTY_GROUP: GroupFilters = {
  stops: NO_FILTERS.stops,
  departureBands: NO_FILTERS.departureBands,
  arrivalBands: NO_FILTERS.arrivalBands,
  cabins: NO_FILTERS.cabins,
  baggageOnly: false,
};

/** Sort and group filter of the flight list, in localStorage. */
export const useListPreferences = create<ListPreferences>()(
  persist(
    (set) => ({
      sort: 'price',
      group: EMPTY_GROUP,
      collapsed: [],
      setSort: (sort) => set({ sort }),
      setGroup: (group) => set((s) => ({ group: { ...s.group, ...group } })),
      setCollapsed: (collapsed) => set({ collapsed }),
      resetGroup: () => set({ group: EMPTY_GROUP }),
    }),
    { name: 'portal-flight-list', storage: createJSONStorage(() => localStorage) },
  ),
);
