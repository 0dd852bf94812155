import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserLogAction, UserLogOutcome, UserLogPage } from '@portal/domain/user-log';
import type { UserList } from '@portal/domain/users';
import { apiGet } from '../../../shared/api/client';
import { download } from '../../../shared/api/download';

const USER_LOGS = '/base/v2/user-logs';

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

function clean(params: UserLogFilterValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

/** GET /base/v2/user-logs: one page of the agency's user log, newest first. */
export function getUserLogs(params: UserLogParams): Promise<UserLogPage> {
  return apiGet<UserLogPage>(USER_LOGS, { params: clean(params), skipErrorToast: true });
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
    queryFn: () => apiGet<UserList>('/base/v2/users', { params: { pageSize: 100 }, skipErrorToast: true }),
    staleTime: 60_000,
  });
}

/** POST /base/v2/user-logs/export: the filtered log as Excel; resolves with the saved file's name. */
export function exportUserLogs(filters: UserLogFilterValues): Promise<string> {
  return download(`${USER_LOGS}/export`, clean(filters), {
    fallbackName: 'user-log.xlsx',
    skipErrorToast: true,
  });
}
