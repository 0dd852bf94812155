import {
  type AfterSalesSelection,
  isInvoluntaryChange,
  isInvoluntaryRefund,
} from '@portal/domain/after-sales';
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

/**
 * A voluntary refund the fare's terms forbid at `now` (a fare without refunds, or a window that
 * allows none) is refused before anything is written: 409 REFUND_NOT_ALLOWED with the rule in
 * `data.rule`. Involuntary reasons go to the desk as before: the airline's own doing is refunded
 * whatever the fare says.
 */
export function assertRefundAllowed(
  order: Pick<FlightOrderRow, 'offer' | 'passengers'>,
  selection: AfterSalesSelection,
  reason: number,
  now: Date,
): void {
  if (isInvoluntaryRefund(reason)) return;
  const ids = new Set(selection.passengerIds);
  const types = order.passengers.filter((p) => ids.has(p.id)).map((p) => p.type);
  const fee = offerRuleFee(order.offer, 'refund', types, selection.segmentIndexes, now);
  if (fee.allowed) return;
  const terms = offerTerms(order.offer).refund;
  throw new AppError('REFUND_NOT_ALLOWED', undefined, {
    rule: { window: fee.window, terms, airlineWording: order.offer.rules.refund.note },
  });
}
