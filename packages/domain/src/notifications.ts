import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, Timestamp } from './flight-order';

/**
 * Order, disruption and wallet events the outbound module tells people and systems about. The
 * wallet events are about an agency, not an order: a top-up its parent made (`amount`,
 * `reference`, `available`) and its available amount falling below its credit alert threshold
 * (`available`, `threshold`); amounts are decimal texts with `currency` beside them.
 */
export const NOTIFICATION_KINDS = [
  'order.booked',
  'order.issued',
  'order.ticketing_failed',
  'change.requested',
  'change.quoted',
  'change.rejected',
  'change.completed',
  'change.failed',
  'change.canceled',
  'refund.requested',
  'refund.quoted',
  'refund.rejected',
  'refund.completed',
  'refund.failed',
  'refund.canceled',
  'void.completed',
  'void.rejected',
  'void.failed',
  'disruption.raised',
  'wallet.topped_up',
  'wallet.credit_low',
  'train.ticketed',
  'group.quoted',
  'group.failed',
  'group.issued',
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

/**
 * The page a notice opens: its order's page by the product the kind belongs to, the wallet for a
 * wallet notice; none for a notice without an order.
 */
export function noticeTarget(kind: string, orderId: string | null): string | null {
  if (kind.startsWith('wallet.')) return '/bills/wallet';
  if (!orderId) return null;
  const id = encodeURIComponent(orderId);
  if (kind.startsWith('group.')) return `/flight/group/order/${id}`;
  if (kind.startsWith('train.')) return `/train/orders?id=${id}`;
  return `/flight/orders/${id}`;
}

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
