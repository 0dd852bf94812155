import { MAX_MULTI_CITY_LEGS } from './limits';
import { isCalendarDate } from './text-checks';
import { addDays } from './two-digit-year';

export type JourneyErrorKey =
  | 'flight.booking.journeyError.empty'
  | 'order.flight.booking.journeyError.rules'
  | 'flight.booking.journeyError.originRequired'
  | 'flight.booking.journeyError.destinationRequired'
  | 'flight.booking.journeyError.dateRequired'
  | 'flight.booking.journeyError.tooMany'
  | 'flight.booking.journeyError.dateOrder'
  | 'flight.booking.journeyError.datePast'
  | 'flight.booking.journeyError.airportOnly';

/** One broken rule; `legIndex` (0-based) names the leg when the rule is about one leg. */
export interface JourneyError {
  key: JourneyErrorKey;
  legIndex?: number;
}

/** A leg as a search form holds it: any field may still be empty. */
export interface JourneyInput {
  origin?: string | null;
  destination?: string | null;
  date?: string | null;
}

export interface JourneyRuleOptions {
  /** Most legs allowed; spec §9 five for multi-city. */
  maxLegs?: number;
  /** Today (`YYYY-MM-DD`) in the searcher's calendar: a leg dated before it has already flown. */
  today?: string;
  /**
   * Given for multi-city trips, which take airports only (spec §5): whether a code names an
   * airport (PEK) rather than a city (BJS).
   */
  isAirport?: (code: string) => boolean;
}

/**
 * The journey rules of spec §5, every broken one at once so a form can mark each field: the list is
 * not empty and has at most `maxLegs` legs; each leg has an origin, a destination and a date
 * (`YYYY-MM-DD` from 1900 to 2199; anything else counts as missing); origin and destination do not
 * resolve to the same city (`cityOf` maps an airport code to its city code, e.g. PKX → BJS, and a
 * city to itself); with `isAirport`, both are airports; with `today`, no leg departs before today;
 * and no leg departs before an earlier leg. The browser and the API run the same function.
 */
export function validateJourneys(
  journeys: readonly JourneyInput[],
  cityOf: (code: string) => string,
  options: JourneyRuleOptions = {},
): JourneyError[] {
  if (journeys.length === 0) return [{ key: 'flight.booking.journeyError.empty' }];
  const errors: JourneyError[] = [];
  if (journeys.length > (options.maxLegs ?? MAX_MULTI_CITY_LEGS)) {
    errors.push({ key: 'flight.booking.journeyError.tooMany' });
  }
  let latestDate = '';
  journeys.forEach((leg, legIndex) => {
    const origin = code(leg.origin);
    const destination = code(leg.destination);
    const date = leg.date?.trim() ?? '';
    if (!origin) errors.push({ key: 'flight.booking.journeyError.originRequired', legIndex });
    if (!destination) errors.push({ key: 'flight.booking.journeyError.destinationRequired', legIndex });
    if (origin && destination && sameCity(origin, destination, cityOf)) {
      errors.push({ key: 'order.flight.booking.journeyError.rules', legIndex });
    }
    const { isAirport } = options;
    if (isAirport && [origin, destination].some((c) => c && !isAirport(c))) {
      errors.push({ key: 'flight.booking.journeyError.airportOnly', legIndex });
    }
    if (!isCalendarDate(date)) {
      errors.push({ key: 'flight.booking.journeyError.dateRequired', legIndex });
      return;
    }
    if (options.today && date < options.today) {
      errors.push({ key: 'flight.booking.journeyError.datePast', legIndex });
    }
    if (date < latestDate) errors.push({ key: 'flight.booking.journeyError.dateOrder', legIndex });
    else latestDate = date;
  });
  return errors;
}

/** Spec §3: the search date defaults to tomorrow; `today` is `YYYY-MM-DD` in the user's calendar. */
export function defaultSearchDate(today: string): string {
  return addDays(today, 1);
}

function code(value: string | null | undefined): string {
  return value?.trim().toUpperCase() ?? '';
}

function sameCity(origin: string, destination: string, cityOf: (code: string) => string): boolean {
  return origin === destination || code(cityOf(origin)) === code(cityOf(destination));
}
