import type { Cabin, Solution, SolutionSort } from '@portal/domain/shopping';
import { timeBandOf, type TimeBandKey } from '@portal/domain/time-band';

export type StopsKey = '0' | '1' | '2+';

/** The list filters of spec §2: empty arrays mean "any". */
export interface SolutionFilters {
  airlines: string[];
  stops: StopsKey[];
  departureBands: TimeBandKey[];
  arrivalBands: TimeBandKey[];
  departureAirports: string[];
  arrivalAirports: string[];
  cabins: Cabin[];
  baggageOnly: boolean;
  suppliers: string[];
}

export const NO_FILTERS: SolutionFilters = {
  airlines: [],
  stops: [],
  departureBands: [],
  arrivalBands: [],
  departureAirports: [],
  arrivalAirports: [],
  cabins: [],
  baggageOnly: false,
  suppliers: [],
};

/** The facts of a solution that the filters look at (first leg for times and airports). */
export function factsOf(solution: Solution) {
  const leg = solution.legs[0];
  const firstSegment = leg?.segments[0];
  const lastSegment = leg?.segments[leg.segments.length - 1];
  const stops = Math.max(0, ...solution.legs.map((l) => l.segments.length - 1));
  return {
    airline: solution.validatingCarrier,
    stops: (stops === 0 ? '0' : stops === 1 ? '1' : '2+') as StopsKey,
    departureBand: firstSegment ? timeBandOf(firstSegment.departure.time) : undefined,
    arrivalBand: lastSegment ? timeBandOf(lastSegment.arrival.time) : undefined,
    departureAirport: firstSegment?.departure.airport ?? '',
    arrivalAirport: lastSegment?.arrival.airport ?? '',
    cabin: solution.cabin,
    baggage: hasCheckedBag(solution),
    supplier: solution.supplier,
  };
}

/** True when every passenger type of the fare has at least one free checked bag. */
export function hasCheckedBag(solution: Solution): boolean {
  return solution.baggage.length > 0 && solution.baggage.every((b) => b.checked.pieces > 0);
}

const within = <T>(chosen: readonly T[], value: T | undefined | null) =>
  chosen.length === 0 || (value !== undefined && value !== null && chosen.includes(value));

/** The solutions that pass every filter. */
export function applyFilters(solutions: readonly Solution[], f: SolutionFilters): Solution[] {
  return solutions.filter((s) => {
    const x = factsOf(s);
    return (
      within(f.airlines, x.airline) &&
      within(f.stops, x.stops) &&
      within(f.departureBands, x.departureBand) &&
      within(f.arrivalBands, x.arrivalBand) &&
      within(f.departureAirports, x.departureAirport) &&
      within(f.arrivalAirports, x.arrivalAirport) &&
      within(f.cabins, x.cabin) &&
      (!f.baggageOnly || x.baggage) &&
      within(f.suppliers, x.supplier)
    );
  });
}

/** How many solutions have each value of one fact, for the counts beside the options. */
export function countBy<T, K extends string>(items: readonly T[], pick: (item: T) => K | undefined | null) {
  const counts = new Map<K, number>();
  for (const s of items) {
    const key = pick(s);
    if (key !== undefined && key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function departure(s: Solution): string {
  return s.legs[0]?.segments[0]?.departure.time ?? '';
}

/** Spec §2 sorts: default keeps the API's order; price by total; time by first departure. */
export function sortSolutions(solutions: readonly Solution[], sort: SolutionSort): Solution[] {
  const list = [...solutions];
  if (sort === 'price')
    list.sort(
      (a, b) =>
        Number(a.priceDetail.total.amount) - Number(b.priceDetail.total.amount) ||
        departure(a).localeCompare(departure(b)),
    );
  if (sort === 'time')
    list.sort(
      (a, b) =>
        departure(a).localeCompare(departure(b)) ||
        Number(a.priceDetail.total.amount) - Number(b.priceDetail.total.amount),
    );
  return list;
}
