import { inArray, eq } from 'drizzle-orm';
import { ACTION_RULES, actionRule } from '@portal/domain/flight-order-actions';
import type { FlightOrderStatus, OrderType } from '@portal/domain/flight-order-status';
import type { PaymentChannel } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { notifyOrderEvent } from '../notifications/index';
import type { Capturable, Payable, PaymentDue, PaymentTarget } from '../payments/index';
import type { PaymentKind } from '../wallet/index';
import type { FlightOrderDeps } from './flight-orders.context';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { encodeTimelineNote } from '@portal/domain/timeline-notes';
import { findOrder, lockOrderById, transition } from './flight-orders.repo';
import { flightOrders, orderEvents, type FlightOrderRow } from './flight-orders.schema';
import { ancillariesOf } from './order-ancillaries';
import { queueTicketing } from './order-jobs';

/** Called in the payment's transaction once an order is paid (queues ticketing, reissue, ...). */
export type OnPaid = (tx: Db, order: FlightOrderRow, now: Date) => Promise<void>;

/**
 * What paying a flight order of one type means (its posting recipe): the ledger entry kind and
 * words, and what happens once paid. The status it moves to comes from the domain's action table
 * (`pay`). A type without a recipe is not paid.
 */
export interface FlightPaymentRecipe {
  ledgerKind: PaymentKind;
  description: string;
  onPaid: OnPaid;
}
export type FlightPaymentRecipes = Partial<Record<OrderType, FlightPaymentRecipe>>;
/** Other "on paid" hooks than the recipes' own, by order type (tests). */
export type OnPaidHooks = Partial<Record<OrderType, OnPaid>>;

/** The recipes with the given types' hooks replaced (a hook without a recipe adds nothing). */
export function withOnPaid(recipes: FlightPaymentRecipes, hooks: OnPaidHooks = {}): FlightPaymentRecipes {
  const out: FlightPaymentRecipes = { ...recipes };
  for (const [type, recipe] of Object.entries(recipes) as [OrderType, FlightPaymentRecipe][]) {
    const onPaid = hooks[type];
    if (onPaid) out[type] = { ...recipe, onPaid };
  }
  return out;
}

/** An origin flight order's payment: entry `origin-flight`, then ticketing by job. */
export function originFlightPayment(deps: FlightOrderDeps): FlightPaymentRecipe {
  return { ledgerKind: 'origin-flight', description: 'Flight order', onPaid: queueTicketing(deps) };
}

/** The recipe and target status if the action table lets `order` be paid now (deadline optional). */
function payableNow(
  order: FlightOrderRow,
  recipes: FlightPaymentRecipes,
  now: Date,
  deadline = true,
): { recipe: FlightPaymentRecipe; to: FlightOrderStatus } | undefined {
  const recipe = recipes[order.type];
  const rule = actionRule(
    {
      status: order.status,
      type: order.type,
      paymentDeadline: deadline ? (order.paymentDeadline?.toISOString() ?? null) : null,
      now,
    },
    'pay',
  );
  if (!recipe || !rule?.to || order.orderTotalMinor <= 0) return undefined;
  return { recipe, to: rule.to };
}

/** What paying `order` takes, and what it does once paid: the action table's move, then the hook. */
function dueOf(
  order: FlightOrderRow,
  { recipe, to }: { recipe: FlightPaymentRecipe; to: FlightOrderStatus },
): PaymentDue<FlightOrderRow> {
  const moveOn = async (tx: Db, channel: PaymentChannel, now: Date) => {
    const paid = await transition(
      tx,
      order,
      to,
      now,
      { paymentState: 'paid', paymentChannel: channel, paidAt: now },
      { key: 'paidWith', params: { channel } },
    );
    await recipe.onPaid(tx, paid, now);
    // The booker hears that a booking is paid, with its seats and bags as the booked e-mail lists
    // them (a change's payment is told by its reissue, a purchase's by the supplier's answer).
    if (paid.type === 'origin') {
      const ancillaries = await ancillariesOf(tx, [paid.id]);
      await notifyOrderEvent(tx, { kind: 'order.paid', order: { ...paid, ancillaries }, at: now });
    }
    return paid;
  };
  return {
    agencyId: order.agencyId,
    amountMinor: order.orderTotalMinor,
    currency: order.currency,
    deadline: order.paymentDeadline,
    target: { kind: 'flight', orderId: order.id },
    checkoutText: order.bookingNumber,
    posting: {
      kind: recipe.ledgerKind,
      ledgerOrderId: order.id,
      description: `${recipe.description} ${order.bookingNumber}`,
      reference: order.bookingNumber,
      markupLegs: order.markupLegs,
    },
    paid: (tx, { channel }, now) => moveOn(tx, channel, now),
    // Keeps nothing of the entry: a balance payment posts it after this (see `PaymentDue.moveOn`).
    moveOn,
  };
}

/**
 * Flight orders (origin and change orders) as payables, by order id or booking number: the
 * caller's order (404 unless visible), payable by the action table (409 ILLEGAL_TRANSITION, so a
 * second payment is refused before any charge) and before its deadline (410 PAYMENT_EXPIRED).
 */
export function flightPayable(recipes: FlightPaymentRecipes): Payable<string, FlightOrderRow> {
  return {
    channels: 'any',
    async due(tx, ctx, id, now, { lock }) {
      const order = await findOrder(tx, ctx.agency.id, id, { forUpdate: lock });
      if (!order || !canSeeOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
      const open = payableNow(order, recipes, now);
      if (open) return dueOf(order, open);
      if (payableNow(order, recipes, now, false)) throw new AppError('PAYMENT_EXPIRED');
      const to = ACTION_RULES.find((r) => r.action === 'pay' && r.type === order.type)?.to ?? 'paid';
      throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to });
    },
  };
}

function flightOrderId(target: PaymentTarget): string {
  if (target.kind !== 'flight') throw new Error(`not a flight order's payment: ${target.kind}`);
  return target.orderId;
}

/**
 * Flight orders as capture targets: paid when the action table lets the order be paid (its own
 * deadline no longer counts: the payment was started in time and is unexpired).
 */
export function flightCapturable(recipes: FlightPaymentRecipes): Capturable {
  return {
    async checkCapture(tx, target, now) {
      const order = await lockOrderById(tx, flightOrderId(target));
      const open = order ? payableNow(order, recipes, now, false) : undefined;
      return { due: order && open ? dueOf(order, open) : undefined, orderStatus: order?.status ?? 'unknown' };
    },
    async orderStatus(tx, target) {
      return (await lockOrderById(tx, flightOrderId(target)))?.status ?? 'unknown';
    },
    async canSee(db, ctx, target) {
      const [order] = await db
        .select({ agencyId: flightOrders.agencyId, userId: flightOrders.userId })
        .from(flightOrders)
        .where(eq(flightOrders.id, flightOrderId(target)))
        .limit(1);
      return order !== undefined && canSeeOrder(ctx, order);
    },
    async bookingNumbers(db, orderIds) {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ id: flightOrders.id, bookingNumber: flightOrders.bookingNumber })
        .from(flightOrders)
        .where(inArray(flightOrders.id, [...orderIds]));
      return new Map(rows.map((r) => [r.id, r.bookingNumber]));
    },
    async noteOnOrder(tx, target, note, now) {
      const order = await lockOrderById(tx, flightOrderId(target));
      if (!order) return;
      // A line on the timeline, the status as it is: what the provider did needs an operator.
      await tx.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        at: now,
        note: encodeTimelineNote(note),
      });
    },
  };
}
