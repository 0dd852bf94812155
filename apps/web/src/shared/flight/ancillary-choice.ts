import type { AncillarySelection, SolutionAncillaries } from '@portal/domain/ancillaries';
import { fromMinor, minorDigits, toMinor } from '@portal/domain/currency-conversion';

/** What the agent picked: per passenger index, a seat per segment and pieces per bag service. */
export type AncillaryChoice = Record<
  number,
  { seats: Record<number, string>; bags: Record<string, number> } | undefined
>;

/** The booking body's selections: only passengers with something picked. */
export function toSelections(choice: AncillaryChoice): AncillarySelection[] {
  return Object.entries(choice).flatMap(([index, c]) => {
    if (!c) return [];
    const seats = Object.entries(c.seats).map(([segmentIndex, designator]) => ({
      segmentIndex: Number(segmentIndex),
      designator,
    }));
    const bags = Object.entries(c.bags)
      .filter(([, quantity]) => quantity > 0)
      .map(([serviceId, quantity]) => ({ serviceId, quantity }));
    return seats.length + bags.length > 0 ? [{ passengerIndex: Number(index), seats, bags }] : [];
  });
}

/** The price of the picked seats and bags, as a decimal amount of `currency` (the settlement one). */
export function extrasAmount(choice: AncillaryChoice, offer: SolutionAncillaries, currency: string): string {
  const digits = minorDigits(currency);
  let total = 0;
  for (const sel of toSelections(choice)) {
    for (const s of sel.seats) {
      const seat = offer.seatMaps
        .find((m) => m.segmentIndex === s.segmentIndex)
        ?.rows.flatMap((r) => r.seats)
        .find((x) => x?.designator === s.designator);
      if (seat) total += toMinor(seat.price.amount, digits);
    }
    for (const b of sel.bags) {
      const bag = offer.bags.find((x) => x.id === b.serviceId);
      if (bag) total += toMinor(bag.price.amount, digits) * b.quantity;
    }
  }
  return fromMinor(total, digits);
}

/** `a + b` of two decimal amounts of `currency`. */
export function addAmounts(a: string, b: string, currency: string): string {
  const digits = minorDigits(currency);
  return fromMinor(toMinor(a, digits) + toMinor(b, digits), digits);
}
