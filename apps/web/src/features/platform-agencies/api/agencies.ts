import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TopAgencyList, TopAgencyStatus } from '@portal/domain/platform-agencies';
import type * as api from '@portal/domain/api/platform-agencies';
import { callPlatformApi } from '../../../shared/platform/call-platform-api';

/** The list's filters and page (`?status=suspended&keyword=…&page=2`). */
export interface TopAgencyParams {
  status?: TopAgencyStatus;
  keyword?: string;
  page: number;
  pageSize: number;
}

const LIST_KEY = 'platform-agencies';

/** GET /platform/v2/agencies: one page of top-level agencies with wallet, look-to-book and status. */
export function useTopAgencies(params: TopAgencyParams) {
  return useQuery({
    queryKey: [LIST_KEY, params],
    queryFn: (): Promise<TopAgencyList> =>
      callPlatformApi<typeof api.listTopAgencies>(
        { method: 'GET', path: '/platform/v2/agencies' },
        { query: params },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /platform/v2/agencies/{id}/suspension with a reason. */
export function useSuspendAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callPlatformApi<typeof api.suspendAgency>(
        { method: 'POST', path: '/platform/v2/agencies/:id/suspension' },
        { params: { id }, body: { reason } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [LIST_KEY] }),
  });
}

/** DELETE /platform/v2/agencies/{id}/suspension. */
export function useResumeAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callPlatformApi<typeof api.resumeAgency>(
        { method: 'DELETE', path: '/platform/v2/agencies/:id/suspension' },
        { params: { id } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [LIST_KEY] }),
  });
}
