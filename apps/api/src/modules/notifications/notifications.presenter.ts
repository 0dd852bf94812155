import type { NotificationItem } from '@portal/domain/notifications';
import type { NotificationRow } from './notifications.schema';

/** An in-app notice as its user sees it. */
export function presentNotice(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.orderId,
    params: row.params,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
