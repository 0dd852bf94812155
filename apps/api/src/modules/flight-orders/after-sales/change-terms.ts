import { type AfterSalesSelection, isInvoluntaryChange } from '@portal/domain/after-sales';
import { AppError } from '../../../platform/errors';
import { offerRuleFee, offerTerms } from '../../shopping/index';
import type { FlightOrderRow } from '../flight-orders.schema';

/**
 * The change fee of the fare's terms for the selected tickets asked at `now` (all passengers, CNY
 * minor units of the offer): 0 when the airline caused the change (reason 1). A voluntary change
 * the terms forbid is refused, before any supplier call or write: 409 CHANGE_NOT_ALLOWED, or
 * CHANGE_DEADLINE_PASSED past the terms' cut-off, with the rule in `data.rule` (the window, the
 * structured change terms and the airline's wording).
 */
export function changeFeeOfTerms(
  order: Pick<FlightOrderRow, 'offer' | 'passengers'>,
  selection: AfterSalesSelection,
  reason: number,
  now: Date,
): number {
  if (isInvoluntaryChange(reason)) return 0;
  const ids = new Set(selection.passengerIds);
  const types = order.passengers.filter((p) => ids.has(p.id)).map((p) => p.type);
  const fee = offerRuleFee(order.offer, 'change', types, selection.segmentIndexes, now);
  if (fee.allowed) return fee.feeMinor;
  const terms = offerTerms(order.offer).change;
  const rule = { window: fee.window, terms, airlineWording: order.offer.rules.change.note };
  if (fee.reason === 'deadlinePassed') {
    throw new AppError('CHANGE_DEADLINE_PASSED', { hours: terms.deadlineHours ?? 0 }, { rule });
  }
  throw new AppError('CHANGE_NOT_ALLOWED', undefined, { rule });
}
