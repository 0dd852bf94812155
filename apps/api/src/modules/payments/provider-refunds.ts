import { and, desc, eq, sql, sum } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import { enqueueJob, type JobHandler } from '../../platform/jobs';
import type { PaymentGateways } from './gateway';
import { orderPayments } from './payments.schema';
import {
  providerRefunds,
  type ProviderRefundReason,
  type ProviderRefundRow,
} from './provider-refunds.schema';

/** The job that sends a refund to the card (its first run at once, then retried with a backoff). */
export const PROVIDER_REFUND_JOB = 'payment-provider-refund';

/** Money of an order to give back, and the order whose outside capture took it. */
export interface ProviderRefundClaim {
  /** The order an outside provider was paid for (a refund's or void's original, else the order itself). */
  paidOrderId: string;
  /** The order whose money goes back (the failed order, the refund or void order, the failed change). */
  orderId: string;
  /**
   * The ledger's order id of the money going back when it is not `orderId` itself (the seats and
   * bags of one purchase returned by a refund: `purchaseReturnLedgerOrderId`); it names the refund.
   */
  ledgerOrderId?: string;
  agencyId: number;
  amountMinor: number;
  currency: string;
  reason: ProviderRefundReason;
}

/** The capture the money goes back to: its channel and transaction number. */
export interface CaptureRef {
  channel: string;
  tradeNo: string;
}

/**
 * In the caller's transaction: when `paidOrderId` was paid through an outside provider whose
 * capture still holds `amountMinor` (what it took, less what was refunded of it before, in the
 * same currency), the money goes back through that provider: `post` enters it in the ledger
 * (the caller's recipe, toward the provider's receivable), the refund is recorded under its
 * idempotency key (one per order, or ledger order id, and reason: unique) and its job queued; answers true. Otherwise
 * answers false and records nothing: the caller credits the wallet as before.
 */
export async function refundThroughProvider(
  tx: Db,
  claim: ProviderRefundClaim,
  now: Date,
  post: (capture: CaptureRef) => Promise<number>,
): Promise<boolean> {
  // Locked, so two refunds of one capture count each other's amounts.
  const [payment] = await tx
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, claim.paidOrderId), eq(orderPayments.status, 'paid')))
    .orderBy(desc(orderPayments.completedAt))
    .limit(1)
    .for('update');
  if (!payment?.tradeNo || payment.channel === 'balance' || payment.currency !== claim.currency) return false;
  const [given] = await tx
    .select({ total: sum(providerRefunds.amountMinor) })
    .from(providerRefunds)
    .where(eq(providerRefunds.paymentId, payment.id));
  // What the provider refunded in its dashboard is no longer there to give back either.
  const held = payment.amountMinor - payment.refundedOutsideMinor - Number(given?.total ?? 0);
  if (claim.amountMinor <= 0 || claim.amountMinor > held) return false;
  const ledgerEntryId = await post({ channel: payment.channel, tradeNo: payment.tradeNo });
  const [row] = await tx
    .insert(providerRefunds)
    .values({
      paymentId: payment.id,
      orderId: claim.orderId,
      agencyId: claim.agencyId,
      channel: payment.channel,
      tradeNo: payment.tradeNo,
      amountMinor: claim.amountMinor,
      currency: claim.currency,
      reason: claim.reason,
      idempotencyKey: `order-refund-${claim.ledgerOrderId ?? claim.orderId}-${claim.reason}`,
      status: 'refund_pending',
      ledgerEntryId,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error(`provider refund of order ${claim.orderId} not recorded`);
  await enqueueJob(tx, PROVIDER_REFUND_JOB, { providerRefundId: row.id }, now);
  return true;
}

/**
 * Sends a recorded refund to its provider, outside any transaction: the provider's call first
 * (with the row's idempotency key, so two attempts never refund twice), then one short update. A
 * failure is counted and thrown: the job runs again later. A provider that is not configured
 * (any more) counts as a failure too: the money is owed until someone configures it.
 */
export async function sendProviderRefund(
  db: Db,
  gateways: PaymentGateways,
  id: string,
  now: Date,
): Promise<ProviderRefundRow | undefined> {
  const [row] = await db.select().from(providerRefunds).where(eq(providerRefunds.id, id)).limit(1);
  if (!row || row.status === 'refunded') return row;
  try {
    const gateway = gateways.get(row.channel);
    if (!gateway) throw new Error(`no ${row.channel} provider configured to refund through`);
    const { refundId } = await gateway.refund({
      paymentId: row.paymentId,
      tradeNo: row.tradeNo,
      amountMinor: row.amountMinor,
      currency: row.currency,
      idempotencyKey: row.idempotencyKey,
    });
    const [done] = await db
      .update(providerRefunds)
      .set({ status: 'refunded', refundId, refundedAt: now, attempts: sql`${providerRefunds.attempts} + 1` })
      .where(and(eq(providerRefunds.id, id), eq(providerRefunds.status, 'refund_pending')))
      .returning();
    return done ?? row;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(providerRefunds)
      .set({ attempts: sql`${providerRefunds.attempts} + 1`, lastError: message.slice(0, 1000) })
      .where(eq(providerRefunds.id, id));
    throw error;
  }
}

/** What the log says about a refund to the card (ids and amounts, no personal data). */
export function providerRefundLog(row: ProviderRefundRow) {
  const logged = LOGGED_FIELDS.map((field) => [field, row[field]]);
  return { providerRefundId: row.id, ...Object.fromEntries(logged) };
}

const LOGGED_FIELDS = [
  'orderId',
  'paymentId',
  'channel',
  'tradeNo',
  'amountMinor',
  'currency',
  'reason',
  'status',
  'refundId',
  'attempts',
] as const satisfies readonly (keyof ProviderRefundRow)[];

/** The job that sends refunds to the card until the provider confirms them. */
export function providerRefundJobHandlers(
  gateways: PaymentGateways,
  log: FastifyBaseLogger,
): Record<string, JobHandler> {
  return {
    [PROVIDER_REFUND_JOB]: async (db, job, now) => {
      const id = job.payload.providerRefundId;
      if (typeof id !== 'string') throw new Error('job without providerRefundId');
      const row = await sendProviderRefund(db, gateways, id, now);
      if (row) log.info(providerRefundLog(row), 'refund to the card sent');
    },
  };
}

/** The refunds to the card of these orders (the order detail shows them). */
export async function providerRefundsOf(db: Db, orderIds: readonly string[]): Promise<ProviderRefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(providerRefunds)
    .where(sql`${providerRefunds.orderId} in ${orderIds}`)
    .orderBy(providerRefunds.createdAt);
}
