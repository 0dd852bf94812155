import { validateJourneys, type JourneyError, type JourneyInput } from '@portal/domain/journey-rules';
import type { AccurateSearchRequest, ShoppingRequest } from '@portal/domain/shopping';
import { cityCodeOf, getAirport, getCity } from '@portal/reference-data/airports';
import { AppError } from '../../platform/errors';
import { localDate } from '../../platform/time-zones';

/**
 * "Today" for the journey rules: the calendar day of `now` in the agency's time zone (company
 * setting), the calendar its agents' browsers check first. The UTC day would refuse today's
 * flights to an agency west of UTC in its evening.
 */
export function searchToday(now: Date, agencyTimeZone: string): string {
  return localDate(now, agencyTimeZone);
}

/** Whether a code names an airport (PEK, SHA Hongqiao) rather than only a city (BJS). */
export function isAirport(code: string): boolean {
  return getAirport(code) !== undefined;
}

/** The airports of a search code: a metro city gives all its airports (SHA → PVG, SHA). */
export function airportsOf(code: string): string[] {
  const city = getCity(code);
  if (city && city.airports.length > 1) return city.airports.map((a) => a.code);
  if (getAirport(code)) return [code];
  return city?.airports.map((a) => a.code) ?? [];
}

const cityOf = (code: string) => cityCodeOf(code) ?? code;

/** The spec §5 rules plus "a code we know"; JOURNEY_INVALID with `data.errors` when any fails. */
function check(journeys: readonly JourneyInput[], errors: JourneyError[], extra: JourneyError[] = []): void {
  const unknown = journeys.flatMap((j, legIndex) =>
    [j.origin ?? '', j.destination ?? ''].some((c) => c !== '' && airportsOf(c).length === 0)
      ? [{ key: 'order.flight.booking.journeyError.rules' as const, legIndex }]
      : [],
  );
  const all = [...errors, ...unknown.filter((u) => !errors.some((e) => e.legIndex === u.legIndex)), ...extra];
  if (all.length > 0) throw new AppError('JOURNEY_INVALID', undefined, { errors: all });
}

/**
 * The journey rules of a search, the same ones the search form runs (spec §5): journeys present
 * and at most five, no leg within one city, no date before `today`, dates in order, airports only
 * for multi-city; a return trip has a return date not before its departure (leg index 1).
 */
export function checkShoppingJourneys(request: ShoppingRequest, today: string): void {
  const { journeys, bookingType } = request;
  const multiCity = bookingType === 'multicity';
  const errors = validateJourneys(journeys, cityOf, {
    today,
    isAirport: multiCity ? isAirport : undefined,
  });
  const first = journeys[0];
  const extra: JourneyError[] = [];
  if (bookingType === 'roundtrip' && first) {
    if (!first.returnDate) extra.push({ key: 'flight.booking.journeyError.dateRequired', legIndex: 1 });
    else if (first.returnDate < first.date)
      extra.push({ key: 'flight.booking.journeyError.dateOrder', legIndex: 1 });
  }
  check(journeys, errors, extra);
}

/**
 * The rules of an exact-flight search, per segment (`legIndex` is the segment's index): airports,
 * not the same city, not before `today`, in date order.
 */
export function checkAccurateSegments(segments: AccurateSearchRequest['segments'], today: string): void {
  check(segments, validateJourneys(segments, cityOf, { today, isAirport, maxLegs: segments.length }));
}
