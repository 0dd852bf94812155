import type { Solution } from '@portal/domain/shopping';

/** The baggage tag of a row: the adult's checked allowance, or "no checked bag". */
export function baggageSummary(solution: Solution) {
  const adult = solution.baggage.find((b) => b.passengerType === 'adult') ?? solution.baggage[0];
  const pieces = adult?.checked.pieces ?? 0;
  const weight = adult?.checked.weightKg ?? null;
  if (pieces === 0) return { key: 'flight.list.baggage.none', free: false, count: 0, weight: 0 };
  if (weight !== null) return { key: 'flight.list.baggage.piecesWeight', free: true, count: pieces, weight };
  return { key: 'flight.list.baggage.pieces', free: true, count: pieces, weight: 0 };
}
