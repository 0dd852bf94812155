import type { TrainOffer } from '@portal/domain/rail';

export const TRAIN_SORTS = ['departure', 'duration', 'price'] as const;
export type TrainSort = (typeof TRAIN_SORTS)[number];

/** The cheapest seat class still on sale (any class when all are sold out), in major units. */
export function lowestPrice(train: Pick<TrainOffer, 'seats'>): number {
  const onSale = train.seats.filter((s) => s.available > 0);
  const prices = (onSale.length > 0 ? onSale : train.seats).map((s) => Number(s.price.amount));
  return prices.length > 0 ? Math.min(...prices) : Number.POSITIVE_INFINITY;
}

/** A sorted copy: by departure time, by duration or by the lowest price, departure breaking ties. */
export function sortTrains<T extends Pick<TrainOffer, 'departure' | 'durationMinutes' | 'seats'>>(
  trains: readonly T[],
  sort: TrainSort,
): T[] {
  const byDeparture = (a: T, b: T) => a.departure.time.localeCompare(b.departure.time);
  const primary = (a: T, b: T) => {
    if (sort === 'duration') return a.durationMinutes - b.durationMinutes;
    if (sort === 'price') return lowestPrice(a) - lowestPrice(b);
    return 0;
  };
  return [...trains].sort((a, b) => primary(a, b) || byDeparture(a, b));
}

/** `4h 35m` style parts of a duration in minutes. */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
