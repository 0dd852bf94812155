import { eq, inArray } from 'drizzle-orm';
import type { Capturable, PaymentTarget } from '../payments/index';
import { canSeeGroupOrder } from './group-orders.policy';
import { lockGroupOrderById } from './group-orders.repo';
import { groupOrders } from './group-orders.schema';
import { instalmentDue, payableForCapture } from './pay-instalment';

/** A payment's group order id and instalment (a group target's payments always have them). */
function instalmentOf(target: PaymentTarget): { orderId: string; n: number } {
  if (target.kind !== 'group-instalment') throw new Error(`not a group instalment's payment: ${target.kind}`);
  return { orderId: target.orderId, n: target.n };
}

/**
 * Group instalments as capture targets of the payment notifications: the instalment is paid when
 * it is still the due one, unpaid, before its deadline and (for the final payment) the passenger
 * list is confirmed, with the payment's amount; the capture's ledger entry under the instalment's
 * ledger order id (`instalmentDue`), so a wallet payment of the same instalment and a capture can
 * never both be entered. Anything else is a late capture, refunded through the gateway.
 */
export const groupInstalmentCapturable: Capturable = {
  async checkCapture(tx, target, now) {
    const { orderId, n } = instalmentOf(target);
    const order = await lockGroupOrderById(tx, orderId);
    if (!order) return { due: undefined, orderStatus: 'unknown' };
    const payable = await payableForCapture(tx, order, n, now);
    return { due: payable ? instalmentDue(payable) : undefined, orderStatus: order.status };
  },
  async orderStatus(tx, target) {
    return (await lockGroupOrderById(tx, instalmentOf(target).orderId))?.status ?? 'unknown';
  },
  async canSee(db, ctx, target) {
    const [order] = await db
      .select({ agencyId: groupOrders.agencyId, userId: groupOrders.userId })
      .from(groupOrders)
      .where(eq(groupOrders.id, instalmentOf(target).orderId))
      .limit(1);
    return order !== undefined && canSeeGroupOrder(ctx, order);
  },
  async bookingNumbers(db, orderIds) {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .select({ id: groupOrders.id, bookingNumber: groupOrders.bookingNumber })
      .from(groupOrders)
      .where(inArray(groupOrders.id, [...orderIds]));
    return new Map(rows.map((r) => [r.id, r.bookingNumber]));
  },
};
