import { ACTION_RULES, actionRule } from '@portal/domain/flight-order-actions';
import type { FlightOrderStatus, OrderType } from '@portal/domain/flight-order-status';
import { paymentOptionsFor, type PaymentChannel, type PaymentRequest } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { payFromBalance, type PaymentKind } from '../wallet/pay-from-balance';
import { canSeeOrder } from '../flight-orders/flight-orders.policy';
import { findOrder, transition } from '../flight-orders/flight-orders.repo';
import type { FlightOrderRow } from '../flight-orders/flight-orders.schema';

/** Called in the payment's transaction once an order is paid (queues ticketing, reissue, ...). */
export type OnPaid = (tx: Db, order: FlightOrderRow, now: Date) => Promise<void>;

/**
 * What paying each order type means: its ledger entry kind and the words of its entry. The
 * status it moves to comes from the domain's action table (`pay`); what happens next is the
 * type's `OnPaid` hook. Trains will be one more row.
 */
export const PAYABLE_ORDER_TYPES = {
  origin: { ledgerKind: 'origin-flight', description: 'Flight order' },
  change: { ledgerKind: 'change-flight', description: 'Flight change order' },
} as const satisfies Partial<Record<OrderType, { ledgerKind: PaymentKind; description: string }>>;
export type PayableOrderType = keyof typeof PAYABLE_ORDER_TYPES;

/** The "on paid" hook of each payable order type; a type without one is not paid. */
export type OnPaidHooks = Partial<Record<PayableOrderType, OnPaid>>;

const isPayableType = (type: OrderType): type is PayableOrderType => type in PAYABLE_ORDER_TYPES;

/** An order that may be paid now, with what paying it does. */
export interface Payable {
  order: FlightOrderRow;
  type: PayableOrderType;
  /** The status the payment moves the order to (the action table's `pay` rule). */
  to: FlightOrderStatus;
  onPaid: OnPaid;
}

/**
 * What paying `order` does if the action table lets it be paid, ignoring the payment deadline
 * when `deadline` is false (a gateway's capture of a payment started in time). Undefined when not
 * payable.
 */
export function payableNow(
  order: FlightOrderRow,
  hooks: OnPaidHooks,
  now: Date,
  deadline = true,
): Payable | undefined {
  if (!isPayableType(order.type)) return undefined;
  const onPaid = hooks[order.type];
  const rule = actionRule(
    {
      status: order.status,
      type: order.type,
      paymentDeadline: deadline ? (order.paymentDeadline?.toISOString() ?? null) : null,
      now,
    },
    'pay',
  );
  if (!onPaid || !rule?.to || order.orderTotalMinor <= 0) return undefined;
  return { order, type: order.type, to: rule.to, onPaid };
}

/** The channels the caller's agency offers (its settings, or the spec's defaults). */
export function agencyChannels(ctx: RequestContext): readonly PaymentChannel[] {
  const config = ctx.agency.commonConfig;
  return paymentOptionsFor({
    disablePayment: config.disablePayment === true,
    paymentChannels: config.paymentChannels,
  }).map((o) => o.channel);
}

/**
 * The caller's order, locked (unless `lock` is false: a read-only check with no transaction
 * open), if it may be paid now with `channel`: payment not disabled for the
 * agency (403 PAYMENT_DISABLED), the channel offered to the agency (400
 * PAYMENT_CHANNEL_UNAVAILABLE), the order visible to the user (404), payable by the action table
 * (409 ILLEGAL_TRANSITION, so a second payment is refused before any charge) and before its
 * deadline (410 PAYMENT_EXPIRED).
 */
export async function lockPayable(
  tx: Db,
  ctx: RequestContext,
  id: string,
  channel: PaymentChannel,
  hooks: OnPaidHooks,
  now: Date,
  { lock = true }: { lock?: boolean } = {},
): Promise<Payable> {
  if (ctx.agency.commonConfig.disablePayment === true) throw new AppError('PAYMENT_DISABLED');
  if (!agencyChannels(ctx).includes(channel)) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  const order = await findOrder(tx, ctx.agency.id, id, { forUpdate: lock });
  if (!order || !canSeeOrder(ctx, order)) {
    throw new AppError('ORDER_NOT_FOUND');
  }
  const payable = payableNow(order, hooks, now);
  if (payable) return payable;
  if (payableNow(order, hooks, now, false)) throw new AppError('PAYMENT_EXPIRED');
  const to = ACTION_RULES.find((r) => r.action === 'pay' && r.type === order.type)?.to ?? 'paid';
  throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to });
}

/** Moves a paid order on and runs its type's hook, in the payment's transaction. */
export async function markPaid(
  tx: Db,
  payable: Payable,
  channel: PaymentChannel,
  now: Date,
): Promise<FlightOrderRow> {
  const paid = await transition(
    tx,
    payable.order,
    payable.to,
    now,
    { paymentState: 'paid', paymentChannel: channel, paidAt: now },
    { key: 'paidWith', params: { channel } },
  );
  await payable.onPaid(tx, paid, now);
  return paid;
}

/**
 * The wallet as a payment provider: it takes the money at once, in the caller's transaction
 * (agency wallet -> each ancestor its markup on the order, the rest to supplier payable).
 * INSUFFICIENT_BALANCE passes through and changes nothing.
 */
export const balanceProvider = {
  kind: 'balance',
  channel: 'balance',
  async charge(tx: Db, payable: Payable, userId: number): Promise<void> {
    const { order, type } = payable;
    await payFromBalance(tx, {
      agencyId: order.agencyId,
      currency: order.currency,
      amountMinor: order.orderTotalMinor,
      orderId: order.id,
      kind: PAYABLE_ORDER_TYPES[type].ledgerKind,
      description: `${PAYABLE_ORDER_TYPES[type].description} ${order.bookingNumber}`,
      reference: order.bookingNumber,
      createdBy: userId,
      markupLegs: order.markupLegs,
    });
  },
} as const;

/**
 * Pays a payable order from the agency wallet in the caller's transaction: the order row is
 * locked and checked (`lockPayable`); the ledger entry (unique per order and kind), the move the
 * action table names and the type's hook commit together.
 */
export async function payOrder(
  tx: Db,
  ctx: RequestContext,
  id: string,
  request: PaymentRequest,
  now: Date,
  hooks: OnPaidHooks,
): Promise<FlightOrderRow> {
  if (request.channel !== 'balance') throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  const payable = await lockPayable(tx, ctx, id, 'balance', hooks, now);
  await balanceProvider.charge(tx, payable, ctx.user.id);
  return markPaid(tx, payable, 'balance', now);
}
