import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, Timestamp } from './flight-order';
import { NOTIFICATION_KINDS } from './notification-kinds';

export { NOTIFICATION_KINDS, noticeTarget, type NotificationKindName } from './notification-kinds';

/** Query of `GET /base/v2/notifications`: a page, newest first; `unreadOnly` keeps the unread. */
export const NotificationListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** One in-app notice; the client writes its text from `kind` and `params`. */
export const NotificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  orderId: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: Timestamp,
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** A page of the caller's notices with the count of all their unread ones. */
export const NotificationPage = z.object({
  list: z.array(NotificationItem),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  unread: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

/** Body of `POST /base/v2/notifications/read`: some notices by id, or all of the caller's. */
export const MarkNotificationsRead = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;

/** Answer of the mark-read call: how many notices changed and how many are still unread. */
export const MarkNotificationsReadResult = z.object({
  updated: z.number().int().min(0),
  unread: z.number().int().min(0),
});
export type MarkNotificationsReadResult = z.infer<typeof MarkNotificationsReadResult>;
