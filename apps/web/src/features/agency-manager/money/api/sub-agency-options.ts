import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubAgencyList } from '@portal/domain/agencies';
import { MAX_PAGE_SIZE } from '@portal/domain/paging';
import type { listAgencies } from '@portal/domain/api/agencies';
import { callApi } from '../../../../shared/api/call-api';

/** A sub-agency to choose in a filter. */
export interface SubAgencyOption {
  value: number;
  label: string;
}

/** The agencies of a tree page, each node followed by its direct sub-agencies. */
export function optionsOf(list: SubAgencyList | undefined): SubAgencyOption[] {
  const seen = new Set<number>();
  const out: SubAgencyOption[] = [];
  for (const node of list?.list ?? []) {
    for (const agency of [node, ...node.children]) {
      if (seen.has(agency.id)) continue;
      seen.add(agency.id);
      out.push({ value: agency.id, label: agency.name });
    }
  }
  return out;
}

/** GET /base/v2/agencies: the sub-agencies matching `keyword` (the first level and its children without one). */
export function useSubAgencyOptions(keyword: string) {
  return useQuery({
    queryKey: ['sub-agency-options', keyword],
    queryFn: () =>
      callApi<typeof listAgencies>(
        { method: 'GET', path: '/base/v2/agencies' },
        { query: { ...(keyword ? { keyword } : {}), pageSize: MAX_PAGE_SIZE } },
        { skipErrorToast: true },
      ),
    select: optionsOf,
    placeholderData: keepPreviousData,
  });
}
