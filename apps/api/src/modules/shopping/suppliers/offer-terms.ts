import { type FareTerms, type FeeWindow, termFee, uniformWindows } from '@portal/domain/fare-terms';
import type { PassengerType } from '@portal/domain/shopping';
import type { ChangeRequestToSupplier, Offer, OfferRules, RefundRequestToSupplier } from './supplier';

/**
 * The structured terms of an offer: the ones its supplier published, else (an offer stored before
 * suppliers published them) read from its summary: the summary's fee in every window when the
 * action is allowed; a refund the summary forbids gives the taxes back.
 */
export function offerTerms(offer: { rules: OfferRules; currency: string }): FareTerms {
  const { rules } = offer;
  if (rules.terms) return rules.terms;
  return {
    currency: offer.currency,
    change: {
      per: 'passenger',
      deadlineHours: null,
      windows: uniformWindows(rules.change.allowed, () => ({ amountMinor: rules.change.fee ?? 0 })),
    },
    refund: {
      per: 'passenger',
      deadlineHours: null,
      keeps: rules.refund.allowed ? 'nothing' : 'fare',
      windows: uniformWindows(true, () => ({
        amountMinor: rules.refund.allowed ? (rules.refund.fee ?? 0) : 0,
      })),
    },
  };
}

export type OfferFee =
  | { allowed: true; window: FeeWindow; feeMinor: number }
  | { allowed: false; window: FeeWindow; reason: 'notAllowed' | 'deadlinePassed' };

/** `total` over `parts` equal shares, the earlier shares taking the odd minor units. */
function evenShare(total: number, parts: number, index: number): number {
  const base = Math.floor(total / parts);
  return base + (index < total - base * parts ? 1 : 0);
}

/**
 * The fare terms' fee of a change or refund of the tickets of `passengerTypes` on the offer's
 * segments `segmentIndexes` (flattened), asked at `at`, in minor units of the offer's currency:
 * each ticket's fare and taxes are its passenger type's, shared evenly over the offer's segments;
 * the window is the one of the first selected segment's departure. A refund's fee includes what
 * the fare keeps (`keeps: 'fare'`). Not allowed when any ticket's window or cut-off forbids it.
 */
export function offerRuleFee(
  offer: Pick<Offer, 'rules' | 'currency' | 'amounts' | 'legs'>,
  kind: 'change' | 'refund',
  passengerTypes: readonly PassengerType[],
  segmentIndexes: readonly number[],
  at: Date,
): OfferFee {
  const terms = offerTerms(offer);
  const segments = offer.legs.flatMap((l) => l.segments);
  const selected = segmentIndexes.filter((i) => i >= 0 && i < segments.length);
  const departure = new Date(
    Math.min(...selected.map((i) => Date.parse(segments[i]?.departureUtc ?? '')).filter(Number.isFinite)),
  );
  let feeMinor = 0;
  let window: FeeWindow = 'moreThan7Days';
  for (const type of passengerTypes) {
    const amounts = offer.amounts.find((a) => a.passengerType === type);
    const fare = amounts?.fare ?? 0;
    const taxes = (amounts?.tax ?? 0) + (amounts?.fuelSurcharge ?? 0) + (amounts?.airportTax ?? 0);
    const ticket = {
      fareMinor: selected.reduce((sum, i) => sum + evenShare(fare, segments.length, i), 0),
      taxesMinor: selected.reduce((sum, i) => sum + evenShare(taxes, segments.length, i), 0),
      segments: selected.length,
    };
    const fee = termFee(kind === 'change' ? terms.change : terms.refund, ticket, departure, at);
    window = fee.window;
    if (!fee.allowed) return fee;
    feeMinor += fee.feeMinor + fee.keptMinor;
  }
  return { allowed: true, window, feeMinor };
}

/**
 * The terms' fee of a change or refund request as the supplier receives it: its tickets' passenger
 * types and segments, at the time it was asked (the desk and the quote jobs read it alike).
 */
export function requestRuleFee(
  request: RefundRequestToSupplier | ChangeRequestToSupplier,
  kind: 'change' | 'refund',
): OfferFee {
  return offerRuleFee(
    request.offer,
    kind,
    request.passengers.map((p) => p.type),
    request.segmentIndexes,
    request.requestedAt,
  );
}
