import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type {
  LateCapture,
  LateCaptureList,
  LateCaptureQuery,
  LateCaptureReason,
} from '@portal/domain/late-capture';
import type { Db } from '../../platform/db';
import { enqueueJob, type JobHandler } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import type { OrderPaymentRow } from './payments.schema';
import type { GatewayNotification } from '@portal/domain/api/payments';
import type { PaymentGateways } from './gateway';
import { lateCaptures, type LateCaptureRow } from './late-captures.schema';
import type { CapturableKind, PayableRegistry } from './payable';

/** The background retry of a late capture's refund (the first attempt is made at once). */
export const LATE_CAPTURE_REFUND_JOB = 'payment-late-capture-refund';
/** When the background retry first runs after the capture arrived. */
export const REFUND_RETRY_DELAY_MS = 60_000;

/** The late capture of `channel`'s transaction `tradeNo`, if one was recorded. */
export async function findLateCapture(
  tx: Db,
  channel: string,
  tradeNo: string,
): Promise<LateCaptureRow | undefined> {
  const [row] = await tx
    .select()
    .from(lateCaptures)
    .where(and(eq(lateCaptures.channel, channel), eq(lateCaptures.tradeNo, tradeNo)))
    .limit(1);
  return row;
}

/**
 * Records, in the notification's transaction, money captured for `payment` that its order cannot
 * take, and queues the retry of its refund. Returns the row, or undefined when that capture was
 * recorded before (a repeated notification: refunded once).
 */
export async function recordLateCapture(
  tx: Db,
  payment: OrderPaymentRow,
  n: Omit<GatewayNotification, 'signature'>,
  reason: LateCaptureReason,
  orderStatus: string,
  now: Date,
): Promise<LateCaptureRow | undefined> {
  const [row] = await tx
    .insert(lateCaptures)
    .values({
      paymentId: payment.id,
      orderId: payment.orderId,
      groupOrderId: payment.groupOrderId,
      agencyId: payment.agencyId,
      channel: payment.channel,
      tradeNo: n.tradeNo,
      amountMinor: n.amountMinor,
      currency: n.currency,
      reason,
      orderStatus,
      status: 'refund_pending',
      capturedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  await enqueueJob(
    tx,
    LATE_CAPTURE_REFUND_JOB,
    { lateCaptureId: row.id },
    new Date(now.getTime() + REFUND_RETRY_DELAY_MS),
  );
  return row;
}

/**
 * Refunds a late capture through its gateway, outside any transaction: the gateway call first
 * (with the capture's id as idempotency key, so two attempts never refund twice), then one short
 * update. A failure is counted and thrown; the queued job tries again later.
 */
export async function refundLateCapture(
  db: Db,
  gateways: PaymentGateways,
  id: string,
  now: Date,
): Promise<LateCaptureRow | undefined> {
  const [row] = await db.select().from(lateCaptures).where(eq(lateCaptures.id, id)).limit(1);
  if (!row || row.status === 'refunded') return row;
  try {
    const gateway = gateways.get(row.channel);
    if (!gateway) throw new Error(`no ${row.channel} gateway configured to refund through`);
    const { refundId } = await gateway.refund({
      paymentId: row.paymentId,
      tradeNo: row.tradeNo,
      amountMinor: row.amountMinor,
      currency: row.currency,
      idempotencyKey: `late-capture-${row.id}`,
    });
    const [done] = await db
      .update(lateCaptures)
      .set({ status: 'refunded', refundId, refundedAt: now, attempts: sql`${lateCaptures.attempts} + 1` })
      .where(and(eq(lateCaptures.id, id), eq(lateCaptures.status, 'refund_pending')))
      .returning();
    return done ?? row;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(lateCaptures)
      .set({ attempts: sql`${lateCaptures.attempts} + 1`, lastError: message.slice(0, 1000) })
      .where(eq(lateCaptures.id, id));
    throw error;
  }
}

/** What the log says about a late capture (no personal data: ids, amounts, reason). */
export function lateCaptureLog(row: LateCaptureRow) {
  return {
    lateCaptureId: row.id,
    orderId: row.orderId ?? row.groupOrderId,
    paymentId: row.paymentId,
    channel: row.channel,
    tradeNo: row.tradeNo,
    amountMinor: row.amountMinor,
    currency: row.currency,
    reason: row.reason,
    orderStatus: row.orderStatus,
    status: row.status,
    refundId: row.refundId,
  };
}

/** The job that retries a late capture's refund until the gateway confirms it. */
export function lateCaptureJobHandlers(
  gateways: PaymentGateways,
  log: FastifyBaseLogger,
): Record<string, JobHandler> {
  return {
    [LATE_CAPTURE_REFUND_JOB]: async (db, job, now) => {
      const id = job.payload.lateCaptureId;
      if (typeof id !== 'string') throw new Error('job without lateCaptureId');
      const before = await db.select().from(lateCaptures).where(eq(lateCaptures.id, id)).limit(1);
      if (before[0]?.status !== 'refund_pending') return;
      const row = await refundLateCapture(db, gateways, id, now);
      if (row) log.warn(lateCaptureLog(row), 'late capture refunded by the retry job');
    },
  };
}

function present(row: LateCaptureRow & { bookingNumber: string }): LateCapture {
  return {
    id: row.id,
    orderId: row.orderId ?? row.groupOrderId ?? '',
    bookingNumber: row.bookingNumber,
    channel: row.channel as LateCapture['channel'],
    tradeNo: row.tradeNo,
    amount: {
      amount: fromMinor(row.amountMinor, minorDigits(row.currency)),
      currency: row.currency as LateCapture['amount']['currency'],
    },
    reason: row.reason,
    orderStatus: row.orderStatus,
    status: row.status,
    refundId: row.refundId,
    capturedAt: row.capturedAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/** The booking numbers of the late captures' orders, asked of each order kind's payable. */
async function bookingNumbers(
  db: Db,
  payables: PayableRegistry,
  rows: readonly LateCaptureRow[],
): Promise<(row: LateCaptureRow) => string> {
  const ids = (kind: CapturableKind) =>
    rows.flatMap((r) => {
      const id = kind === 'flight' ? r.orderId : r.groupOrderId;
      return id === null ? [] : [id];
    });
  const none = new Map<string, string>();
  const [flight, group] = await Promise.all([
    payables.get('flight')?.bookingNumbers(db, ids('flight')) ?? none,
    payables.get('group-instalment')?.bookingNumbers(db, ids('group-instalment')) ?? none,
  ]);
  return (row) =>
    (row.orderId !== null ? flight.get(row.orderId) : undefined) ??
    (row.groupOrderId !== null ? group.get(row.groupOrderId) : undefined) ??
    '';
}

/** The caller's agency's late captures, newest first (finance reads them beside the wallet). */
export async function listLateCaptures(
  db: Db,
  payables: PayableRegistry,
  ctx: RequestContext,
  query: LateCaptureQuery,
): Promise<LateCaptureList> {
  const mine = eq(lateCaptures.agencyId, ctx.agency.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(lateCaptures)
      .where(mine)
      .orderBy(desc(lateCaptures.capturedAt), desc(lateCaptures.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(lateCaptures).where(mine),
  ]);
  const bookingNumber = await bookingNumbers(db, payables, rows);
  return {
    list: rows.map((r) => present({ ...r, bookingNumber: bookingNumber(r) })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
