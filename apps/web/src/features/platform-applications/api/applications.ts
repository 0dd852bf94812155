import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationDetail,
  ApplicationList,
  ApplicationStatus,
  ConvertApplicationInput,
  ConvertedApplication,
  SettableApplicationStatus,
} from '@portal/domain/platform-agencies';
import type * as api from '@portal/domain/api/platform-applications';
import { callPlatformApi } from '../../../shared/platform/call-platform-api';

/** The list's filters and page (`?status=new&keyword=…&page=2`). */
export interface ApplicationParams {
  status?: ApplicationStatus;
  keyword?: string;
  page: number;
  pageSize: number;
}

const LIST_KEY = 'platform-applications';

/** GET /platform/v2/applications: one page, newest first, with the count of each status. */
export function useApplications(params: ApplicationParams) {
  return useQuery({
    queryKey: [LIST_KEY, params],
    queryFn: (): Promise<ApplicationList> =>
      callPlatformApi<typeof api.listApplications>(
        { method: 'GET', path: '/platform/v2/applications' },
        { query: params },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /platform/v2/applications/{id}: every field and the notes (while `id` is set). */
export function useApplication(id: string | null) {
  return useQuery({
    queryKey: [LIST_KEY, 'detail', id],
    enabled: id !== null,
    queryFn: (): Promise<ApplicationDetail> =>
      callPlatformApi<typeof api.getApplication>(
        { method: 'GET', path: '/platform/v2/applications/:id' },
        { params: { id: id ?? '' } },
        { skipErrorToast: true },
      ),
  });
}

/** Refreshes the list and the open application after a change. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [LIST_KEY] });
}

/** PUT /platform/v2/applications/{id}/status. */
export function useSetApplicationStatus(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (status: SettableApplicationStatus) =>
      callPlatformApi<typeof api.setApplicationStatus>(
        { method: 'PUT', path: '/platform/v2/applications/:id/status' },
        { params: { id }, body: { status } },
      ),
    onSuccess: refresh,
  });
}

/** POST /platform/v2/applications/{id}/notes. */
export function useAddApplicationNote(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (text: string) =>
      callPlatformApi<typeof api.addApplicationNote>(
        { method: 'POST', path: '/platform/v2/applications/:id/notes' },
        { params: { id }, body: { text } },
      ),
    onSuccess: refresh,
  });
}

/** POST /platform/v2/applications/{id}/conversion: the answer holds the temporary password, once. */
export function useConvertApplication(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ConvertApplicationInput): Promise<ConvertedApplication> =>
      callPlatformApi<typeof api.convertApplication>(
        { method: 'POST', path: '/platform/v2/applications/:id/conversion' },
        { params: { id }, body },
      ),
    onSuccess: refresh,
  });
}
