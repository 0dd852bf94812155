import { journeysFromSegments, parsePnr } from '@portal/domain/pnr-parser';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { AppError } from '../../platform/errors';

/** Reads pasted GDS text into journeys, segments and passengers; nothing readable is a 422. */
export function analyzePnr(text: string, now: Date): PnrAnalysisResult {
  const parsed = parsePnr(text, now);
  if (parsed.segments.length === 0)
    throw new AppError('PNR_UNREADABLE', undefined, { unreadLines: parsed.errors.map((e) => e.text) });
  return {
    journeys: journeysFromSegments(parsed.segments),
    segments: parsed.segments.map((s) => ({
      carrier: s.carrier,
      flightNumber: s.flightNumber,
      bookingClass: s.bookingClass ?? null,
      date: s.date,
      origin: s.origin,
      destination: s.destination,
      departureTime: s.departureTime ?? null,
      arrivalTime: s.arrivalTime ?? null,
    })),
    passengers: parsed.passengers.map((p) => ({ surname: p.surname, givenName: p.givenName, type: p.type })),
    unreadLines: parsed.errors.map((e) => e.text),
  };
}
