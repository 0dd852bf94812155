import { sql, type SQL } from 'drizzle-orm';
import { involuntaryRefundNeedsDocument, isInvoluntaryRefund } from '@portal/domain/after-sales';
import type { Db } from '../../../platform/db';
import { rowsOf } from '../../../platform/db/rows';
import { AppError } from '../../../platform/errors';
import { flightOrders, type FlightOrderRow, type StoredAfterSales } from '../flight-orders.schema';
import type { RefundRequestToSupplier } from '../../shopping/index';
import { flightDisruptions } from './after-sales.schema';

/**
 * Involuntary refunds (spec §9 reasons 2 and 6) are refunded without the supplier's fee only on
 * the supplier's own word: a disruption or schedule change it recorded on the booking. Otherwise
 * the reason is the agent's claim: it needs a supporting document and the desk's review decides
 * the amount.
 */

/** How many orders up a change chain (change of a change …) the disruption lookup follows. */
const MAX_CHAIN = 20;

/**
 * The newest disruption or schedule change the supplier recorded on `order` or on an order it
 * was changed from (following `originalBookingId`), within its agency; null when there is none.
 */
export async function disruptionOnRecord(
  db: Db,
  order: Pick<FlightOrderRow, 'id' | 'agencyId' | 'originalBookingId'>,
): Promise<string | null> {
  const [found] = await rowsOf<{ id: string | null }>(db, sql`select ${disruptionOnRecordSql(order)} as id`);
  return found?.id ?? null;
}

/**
 * `disruptionOnRecord` as a scalar subquery (the id, or null), for a statement that reads more: the
 * chain of `originalBookingId`s is walked up to MAX_CHAIN orders within the agency (an order id
 * another agency holds ends it, as does a loop), then its newest disruption is taken. Each value
 * may be SQL instead (the columns of an order the enclosing statement reads).
 */
export function disruptionOnRecordSql(order: {
  [K in 'id' | 'agencyId' | 'originalBookingId']: FlightOrderRow[K] | SQL;
}): SQL {
  return sql`(with recursive chain (id, next, n) as (
      select ${order.id}::uuid, ${order.originalBookingId}::uuid, 1
      union all
      select c.next, up.original_booking_id, c.n + 1
      from chain c
      left join ${flightOrders} up on up.id = c.next and up.agency_id = ${order.agencyId}
      where c.next is not null and c.n < ${MAX_CHAIN} and c.next <> c.id
    )
    select d.id from ${flightDisruptions} d
    where d.agency_id = ${order.agencyId} and d.order_id in (select id from chain)
    order by d.created_at desc, d.id desc
    limit 1)`;
}

/**
 * The disruption a refund request of `from` rests on: the one it answers (`disruptionId`), else,
 * for an involuntary reason, the one on record for the booking. An involuntary reason with
 * neither and no supporting document is refused: 400 REFUND_DOCUMENT_REQUIRED.
 */
export async function refundGrounds(
  db: Db,
  from: Pick<FlightOrderRow, 'id' | 'agencyId' | 'originalBookingId'>,
  input: { reason: { value: number }; documentIds?: readonly string[]; disruptionId?: string | null },
): Promise<string | null> {
  if (input.disruptionId) return input.disruptionId;
  if (!isInvoluntaryRefund(input.reason.value)) return null;
  const disruptionId = await disruptionOnRecord(db, from);
  const documents = input.documentIds?.length ?? 0;
  if (involuntaryRefundNeedsDocument(input.reason.value, disruptionId !== null) && documents === 0) {
    throw new AppError('REFUND_DOCUMENT_REQUIRED');
  }
  return disruptionId;
}

/**
 * What the supplier's desk is told of a refund's reason: involuntary (no fee) only when it rests
 * on a recorded disruption; an involuntary reason without one is a claim for the desk to judge.
 */
export function involuntaryGrounds(
  afterSales: Pick<StoredAfterSales, 'refundReason' | 'disruptionId'>,
): Pick<RefundRequestToSupplier, 'involuntary' | 'involuntaryClaim'> {
  const claimed = isInvoluntaryRefund(afterSales.refundReason?.value ?? 0);
  const grounded = Boolean(afterSales.disruptionId);
  return { involuntary: claimed && grounded, involuntaryClaim: claimed && !grounded };
}
