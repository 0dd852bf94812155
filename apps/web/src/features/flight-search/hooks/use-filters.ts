import { useMemo, useState } from 'react';
import type { Solution } from '@portal/domain/shopping';
import { applyFilters, NO_FILTERS, sortSolutions, type SolutionFilters } from '../model/filters';
import { useListPreferences } from './use-list-preferences';

type RouteFilters = Pick<SolutionFilters, 'airlines' | 'departureAirports' | 'arrivalAirports' | 'suppliers'>;

/**
 * The filters and sort of the flight list: the route-independent group and the sort persist in
 * localStorage; airline, airport and supplier choices belong to this search only.
 */
export function useFilters(solutions: readonly Solution[]) {
  const { sort, group, setSort, setGroup, resetGroup } = useListPreferences();
  const [route, setRoute] = useState<RouteFilters>({
    airlines: [],
    departureAirports: [],
    arrivalAirports: [],
    suppliers: [],
  });
  const filters: SolutionFilters = { ...NO_FILTERS, ...group, ...route };

  const shown = useMemo(
    () => sortSolutions(applyFilters(solutions, { ...NO_FILTERS, ...group, ...route }), sort),
    [solutions, group, route, sort],
  );

  const change = (patch: Partial<SolutionFilters>) => {
    const { airlines, departureAirports, arrivalAirports, suppliers, ...rest } = patch;
    const routePatch = Object.fromEntries(
      Object.entries({ airlines, departureAirports, arrivalAirports, suppliers }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    if (Object.keys(routePatch).length) setRoute((r) => ({ ...r, ...routePatch }));
    if (Object.keys(rest).length) setGroup(rest);
  };
  const reset = () => {
    resetGroup();
    setRoute({ airlines: [], departureAirports: [], arrivalAirports: [], suppliers: [] });
  };

  return { filters, sort, setSort, shown, change, reset };
}
