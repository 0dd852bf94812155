import { applyAdjustmentChain, type Adjustment } from './markup';

/** What one ancestor agency earns on a sub-agency's order (minor units; negative: a discount it gives). */
export interface MarkupLeg {
  agencyId: number;
  amountMinor: number;
}

/** A level of the price chain, top agency first: the agency and its adjustment for the category. */
export interface MarkupChainLevel {
  agencyId: number;
  adjustment: Adjustment | null;
}

/** One fare line of an order: the supplier net fare, what the agency was quoted for it, how many. */
export interface MarkupFare {
  netFareMinor: number;
  saleFareMinor: number;
  count: number;
}

/**
 * The markup legs of an order booked by the last level of `levels` (top agency first): each
 * ancestor earns what the level right below it adds (the difference between the price at its
 * level and the price at the level below); the top agency's own adjustment is the platform's
 * share and stays with the payment. Computed per fare line with the arithmetic shopping priced
 * with (`applyAdjustmentChain`), times its count. Null when a line does not reproduce its quoted
 * sale fare (the chain's settings changed since the quote): then no level is credited and the
 * whole price is the payment's, so nothing is ever credited that was not charged.
 */
export function markupLegsOf(
  levels: readonly MarkupChainLevel[],
  fares: readonly MarkupFare[],
): MarkupLeg[] | null {
  const earned = new Map<number, number>();
  for (const fare of fares) {
    const adjustments = levels.flatMap((l) => (l.adjustment ? [l.adjustment] : []));
    const { total, steps } = applyAdjustmentChain(fare.netFareMinor, adjustments);
    if (total !== fare.saleFareMinor) return null;
    let step = 0;
    levels.forEach((level, i) => {
      const added = level.adjustment ? (steps[step++] ?? 0) : 0;
      const ancestor = i > 0 ? levels[i - 1] : undefined;
      if (ancestor && added !== 0) {
        earned.set(ancestor.agencyId, (earned.get(ancestor.agencyId) ?? 0) + added * fare.count);
      }
    });
  }
  return [...earned]
    .filter(([, amount]) => amount !== 0)
    .map(([agencyId, amountMinor]) => ({ agencyId, amountMinor }));
}

/**
 * How much of each markup leg a return of money unwinds: `returnedMinor` more out of `paidMinor`
 * paid, after `alreadyReturnedMinor` came back before. Each leg's cumulative share is truncated
 * toward zero (`trunc(leg × returned so far / paid)`, exact integers), the whole leg once all
 * is returned; the part of this return is the cumulative share now less the one before. So several
 * partial returns never take back more than a leg earned, and together exactly it when all the
 * money comes back; the rounding stays with the payment's supplier leg.
 */
export function unwindLegs(
  legs: readonly MarkupLeg[],
  paidMinor: number,
  alreadyReturnedMinor: number,
  returnedMinor: number,
): MarkupLeg[] {
  if (paidMinor <= 0) return [];
  const share = (leg: number, returned: number): number => {
    if (returned >= paidMinor) return leg;
    const product = BigInt(leg) * BigInt(Math.max(0, returned));
    return Number(product / BigInt(paidMinor));
  };
  return legs
    .map((leg) => ({
      agencyId: leg.agencyId,
      amountMinor:
        share(leg.amountMinor, alreadyReturnedMinor + returnedMinor) -
        share(leg.amountMinor, alreadyReturnedMinor),
    }))
    .filter((leg) => leg.amountMinor !== 0);
}
