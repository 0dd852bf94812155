import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserLogAction, UserLogOutcome, UserLogPage } from '@portal/domain/user-log';
import type { listUsers } from '@portal/domain/api/users';
import type { exportUserLogs as exportUserLogsRoute, listUserLogs } from '@portal/domain/api/user-log';
import { callApi } from '../../../shared/api/call-api';
import { downloadFile } from '../../../shared/api/download';
import { readCountedPage } from '../../../shared/api/keyset';

/** The filters of the user log; absent ones are left out of the request. */
export interface UserLogFilterValues {
  userId?: number;
  action?: UserLogAction;
  outcome?: UserLogOutcome;
  dateFrom?: string;
  dateTo?: string;
}

export interface UserLogParams extends UserLogFilterValues {
  page: number;
  pageSize: number;
}

/**
 * GET /base/v2/user-logs: one page of the agency's user log, newest first; `after`: the `next` of
 * the page before (keyset paging, `UserLogListQuery`); `count: false`: without the total.
 */
export function getUserLogs(
  params: UserLogParams,
  paging: { after?: string; count?: boolean } = {},
): Promise<UserLogPage> {
  const { after, count = true } = paging;
  return callApi<typeof listUserLogs>(
    { method: 'GET', path: '/base/v2/user-logs' },
    { query: { ...params, ...(after ? { after } : {}), ...(count ? {} : { count: 'false' }) } },
    { skipErrorToast: true },
  );
}

/**
 * A page of the user log (`readCountedPage`): paging on from a page still in the cache reads the
 * rows after that page's last one, so a row written meanwhile does not push a row already seen
 * onto it; the total is asked for on a filter's first page and on a refresh only.
 */
export function useUserLogs(params: UserLogParams) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['user-logs', params],
    queryFn: () => readCountedPage(client, ['user-logs'], params, (paging) => getUserLogs(params, paging)),
    placeholderData: keepPreviousData,
  });
}

/** The agency's users for the user filter (the first hundred; the log also lists by id). */
export function useLogUsers() {
  return useQuery({
    queryKey: ['user-logs', 'users'],
    queryFn: () =>
      callApi<typeof listUsers>(
        { method: 'GET', path: '/base/v2/users' },
        { query: { pageSize: 100 } },
        { skipErrorToast: true },
      ),
    staleTime: 60_000,
  });
}

/** POST /base/v2/user-logs/export: the filtered log as Excel; resolves with the saved file's name. */
export function exportUserLogs(filters: UserLogFilterValues): Promise<string> {
  return downloadFile<typeof exportUserLogsRoute>(
    { method: 'POST', path: '/base/v2/user-logs/export' },
    { body: filters },
    {
      fallbackName: 'user-log.xlsx',
      skipErrorToast: true,
    },
  );
}
