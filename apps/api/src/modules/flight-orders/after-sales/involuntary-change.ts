import { involuntaryChangeAllowed, isInvoluntaryChange } from '@portal/domain/after-sales';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { FlightOrderRow } from '../flight-orders.schema';
import { disruptionOnRecord } from './involuntary-refund';

/**
 * The airline-schedule-change reason of a change (spec §9 value 1) waives the supplier's change
 * fee and tells the desk the change is involuntary, so it rests on the supplier's own record: a
 * disruption or schedule change on `order` or an order it was changed from. Without one it is
 * refused, 400 CHANGE_DISRUPTION_REQUIRED, before any supplier call or write. Voluntary reasons
 * pass without a read. (A disruption answered with its protected flight changes the order in
 * place, `answer-disruption.ts`, and is itself on record.)
 */
export async function assertChangeGrounds(
  db: Db,
  order: Pick<FlightOrderRow, 'id' | 'agencyId' | 'originalBookingId'>,
  reason: number,
): Promise<void> {
  if (!isInvoluntaryChange(reason)) return;
  const onRecord = (await disruptionOnRecord(db, order)) !== null;
  if (!involuntaryChangeAllowed(reason, onRecord)) throw new AppError('CHANGE_DISRUPTION_REQUIRED');
}
