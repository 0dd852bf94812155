import type { AccurateSearchRequest, PnrAnalysisResult, ShoppingRequest } from '@portal/domain/shopping';
import { defaultFormValues, fromPnr, toShoppingRequest } from './search-form';

/** The most flights one accurate search prices. */
const MAX_ACCURATE_SEGMENTS = 8;

/**
 * The accurate search of a confirmed PNR reading: exactly its flights (with their booking class)
 * and its passenger counts (at least one adult, no more infants than adults).
 */
export function accurateRequestOf(reading: PnrAnalysisResult, today: string): AccurateSearchRequest {
  return {
    segments: reading.segments.slice(0, MAX_ACCURATE_SEGMENTS).map((s) => ({
      carrier: s.carrier,
      flightNumber: s.flightNumber,
      origin: s.origin,
      destination: s.destination,
      date: s.date,
      ...(s.bookingClass ? { bookingClass: s.bookingClass } : {}),
    })),
    passengers: fromPnr(reading, defaultFormValues(today)).passengers,
  };
}

/**
 * The route search a PNR's journeys amount to, kept with its priced flights (refresh runs it);
 * `today` is the agency's calendar day (the defaults of what the PNR lacks).
 */
export function searchRequestOf(reading: PnrAnalysisResult, today: string): ShoppingRequest {
  return toShoppingRequest(fromPnr(reading, defaultFormValues(today)));
}

/** A segment's times as the review shows them: `08:00 – 10:15`, with `+1` for a next-day arrival. */
export function segmentTimes(segment: PnrAnalysisResult['segments'][number]): string {
  if (!segment.departureTime) return '';
  if (!segment.arrivalTime) return segment.departureTime;
  const offset = segment.arrivalDayOffset > 0 ? ` +${segment.arrivalDayOffset}` : '';
  return `${segment.departureTime} – ${segment.arrivalTime}${offset}`;
}
