import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as notificationsApi from '@portal/domain/api/notifications';
import type { MarkNotificationsRead, NotificationPage } from '@portal/domain/notifications';
import { callApi } from '../../../shared/api/call-api';

/** How often the bell asks for new notices while the page is visible. */
export const NOTIFICATION_POLL_MS = 60_000;
/** How many notices the bell's list shows. */
export const BELL_PAGE_SIZE = 10;

const KEY = ['notifications'] as const;

/** GET /base/v2/notifications: the newest notices of the signed-in user and their unread count. */
export function getNotifications(pageSize = BELL_PAGE_SIZE): Promise<NotificationPage> {
  return callApi<typeof notificationsApi.listNotifications>(
    { method: 'GET', path: '/base/v2/notifications' },
    { query: { pageSize } },
    { skipErrorToast: true },
  );
}

/**
 * The bell's notices: refreshed every minute while the tab is visible (TanStack Query does not
 * poll a hidden tab) and when the window gets focus again.
 */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: () => getNotifications(),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** POST /base/v2/notifications/read: some notices by id, or all; the list refreshes after. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsRead) =>
      callApi<typeof notificationsApi.markNotificationsRead>(
        { method: 'POST', path: '/base/v2/notifications/read' },
        { body },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
