import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserLogAction, UserLogOutcome, UserLogPage } from '@portal/domain/user-log';
import type { listUsers } from '@portal/domain/api/users';
import type { exportUserLogs as exportUserLogsRoute, listUserLogs } from '@portal/domain/api/user-log';
import { callApi } from '../../../shared/api/call-api';
import { downloadFile } from '../../../shared/api/download';

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

/** GET /base/v2/user-logs: one page of the agency's user log, newest first. */
export function getUserLogs(params: UserLogParams): Promise<UserLogPage> {
  return callApi<typeof listUserLogs>(
    { method: 'GET', path: '/base/v2/user-logs' },
    { query: params },
    { skipErrorToast: true },
  );
}

export function useUserLogs(params: UserLogParams) {
  return useQuery({
    queryKey: ['user-logs', params],
    queryFn: () => getUserLogs(params),
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
