// No zod here: the web's notification bell, on every signed-in page, needs only these.
/**
 * Order, disruption, payment and wallet events the outbound module tells people and systems about. The
 * wallet events are about an agency, not an order: a top-up its parent made (`amount`,
 * `reference`, `available`) and its available amount falling below its credit alert threshold
 * (`available`, `threshold`); amounts are decimal texts with `currency` beside them. The payment
 * events tell an agency's finance about its card payments at the provider: a refund made outside
 * the portal, a dispute opened, won or lost (`amount`, `currency`, `channel`, a dispute's `reason`,
 * and `orderKind`, `flight` or `group`: whose payment it was).
 */
/** The payment notices: an agency's card payments at the provider. */
export const PAYMENT_NOTICE_KINDS = [
  'payment.refunded_outside',
  'payment.disputed',
  'payment.dispute_won',
  'payment.dispute_lost',
] as const;

export const NOTIFICATION_KINDS = [
  'order.booked',
  'order.paid',
  'order.canceled',
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
  'ancillary.confirmed',
  'ancillary.refused',
  'disruption.raised',
  'wallet.topped_up',
  'wallet.credit_low',
  'payment.refunded_outside',
  'payment.disputed',
  'payment.dispute_won',
  'payment.dispute_lost',
  'train.ticketed',
  'group.quoted',
  'group.failed',
  'group.issued',
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

const isPaymentNotice = (kind: string) => (PAYMENT_NOTICE_KINDS as readonly string[]).includes(kind);

/**
 * The page a notice opens: its order's page by the product the kind belongs to, the wallet for a
 * wallet notice; none for a notice without an order. A payment notice is about a flight order or
 * a group order (a card-paid instalment): its `orderKind` param says which.
 */
export function noticeTarget(
  kind: string,
  orderId: string | null,
  params: Readonly<Record<string, unknown>> = {},
): string | null {
  if (kind.startsWith('wallet.')) return '/bills/wallet';
  if (!orderId) return null;
  const id = encodeURIComponent(orderId);
  if (kind.startsWith('group.')) return `/flight/group/order/${id}`;
  if (isPaymentNotice(kind) && params.orderKind === 'group') return `/flight/group/order/${id}`;
  if (kind.startsWith('train.')) return `/train/orders?id=${id}`;
  return `/flight/orders/${id}`;
}
