import type { PaymentPending } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { PaymentGateway } from '../payments/gateway';
import {
  pendingAnswer,
  preparePayment,
  postCapture,
  type CaptureTarget,
  type PreparedPayment,
} from '../payments/gateway-payment';
import { orderPayments, type OrderPaymentRow } from '../payments/payments.schema';
import { instalmentLedgerOrderId } from '../wallet/ledger-order-id';
import { lockGroupOrderById } from './group-orders.repo';
import {
  findPayableInstalment,
  instalmentDescription,
  payableForCapture,
  settleInstalment,
} from './pay-instalment';

/**
 * The outside step of paying instalment `n` through an outside channel, with no transaction
 * open: checks the instalment may be paid (read only; the inside step checks again under lock),
 * picks the open payment of that instalment and channel to resume or a new one (expiring after
 * 15 minutes, never after the instalment's deadline, so a capture the deadline job could race
 * is refused as expired) and asks the provider for its checkout or QR code.
 */
export async function prepareInstalmentPayment(
  db: Db,
  ctx: RequestContext,
  id: string,
  n: number,
  provider: PaymentGateway,
  returnUrl: string | undefined,
  now: Date,
): Promise<PreparedPayment> {
  const { order, instalment } = await findPayableInstalment(db, ctx, id, n, provider.channel, now, {
    lock: false,
  });
  return preparePayment(
    db,
    provider,
    { groupOrderId: order.id, instalmentN: n },
    {
      agencyId: order.agencyId,
      userId: ctx.user.id,
      amountMinor: instalment.amountMinor,
      currency: instalment.currency,
      deadline: instalment.deadline,
      returnUrl,
      description: `${order.bookingNumber}/${n}`,
    },
    now,
  );
}

/**
 * The inside step, in one short transaction: the order locked and the instalment checked again
 * (paid from the wallet or canceled meanwhile), its amount unchanged, then the prepared payment
 * stored. The instalment is paid only when the provider's signed notification says so.
 */
export async function recordInstalmentPayment(
  tx: Db,
  ctx: RequestContext,
  id: string,
  n: number,
  provider: PaymentGateway,
  prepared: PreparedPayment,
  now: Date,
): Promise<PaymentPending> {
  const { instalment } = await findPayableInstalment(tx, ctx, id, n, provider.channel, now);
  if (instalment.amountMinor !== prepared.row.amountMinor || instalment.currency !== prepared.row.currency) {
    throw new AppError('PAYMENT_UNPROCESSABLE');
  }
  if (!prepared.stored) await tx.insert(orderPayments).values(prepared.row);
  return pendingAnswer(provider, prepared.row, prepared.answer);
}

/** A payment's group order id and instalment (a group target's payments always have them). */
function instalmentOf(payment: OrderPaymentRow): { orderId: string; n: number } {
  if (payment.groupOrderId === null || payment.instalmentN === null) {
    throw new Error(`payment ${payment.id} is not a group instalment's`);
  }
  return { orderId: payment.groupOrderId, n: payment.instalmentN };
}

/**
 * Group instalments as capture targets of the payment notifications: the instalment is paid when
 * it is still the due one, unpaid and (for the final payment) the passenger list is confirmed,
 * with the payment's amount; the capture's ledger entry (platform receivable -> supplier payable)
 * under the instalment's ledger order id, so a wallet payment of the same instalment and a capture
 * can never both be entered. Anything else is a late capture, refunded through the gateway.
 */
export const groupInstalmentCaptures: CaptureTarget = {
  async orderStatus(tx, payment) {
    return (await lockGroupOrderById(tx, instalmentOf(payment).orderId))?.status ?? 'unknown';
  },
  async settle(tx, payment, tradeNo, now) {
    const { orderId, n } = instalmentOf(payment);
    const order = await lockGroupOrderById(tx, orderId);
    if (!order) return { paid: false, orderStatus: 'unknown' };
    const payable = await payableForCapture(tx, order, n, now);
    if (
      !payable ||
      payable.instalment.amountMinor !== payment.amountMinor ||
      payable.instalment.currency !== payment.currency
    ) {
      return { paid: false, orderStatus: order.status };
    }
    const entryId = await postCapture(tx, {
      agencyId: order.agencyId,
      currency: payment.currency,
      amountMinor: payment.amountMinor,
      kind: 'origin-flight',
      orderId: instalmentLedgerOrderId(order.id, n),
      tradeNo,
      description: instalmentDescription(order, payable.step),
      createdBy: payment.userId,
      channel: payment.channel,
    });
    const paidWith = { channel: payment.channel, reference: tradeNo, ledgerEntryId: entryId };
    await settleInstalment(tx, payable, paidWith, now);
    return { paid: true };
  },
};
