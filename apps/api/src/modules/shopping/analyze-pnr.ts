import { journeysFromSegments, parsePnr, type ParsedDocument } from '@portal/domain/pnr-parser';
import type { PnrAnalysisResult, PnrDocument } from '@portal/domain/shopping';
import { AppError } from '../../platform/errors';

function presentDocument(d: ParsedDocument | undefined): PnrDocument | null {
  if (!d) return null;
  return {
    kind: d.kind,
    number: d.number,
    issuingCountry: d.issuingCountry ?? null,
    nationality: d.nationality ?? null,
    birthday: d.birthday ?? null,
    gender: d.gender ?? null,
    expiryDate: d.expiryDate ?? null,
  };
}

/**
 * Reads pasted GDS text into journeys, segments, passengers (with their FOID/DOCS documents) and
 * the lines it could not read; text without a single flight is a 422 listing those lines.
 */
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
      arrivalDayOffset: s.arrivalDayOffset ?? 0,
      status: s.status ?? null,
    })),
    passengers: parsed.passengers.map((p) => ({
      surname: p.surname,
      givenName: p.givenName,
      title: p.title ?? null,
      type: p.type,
      document: presentDocument(p.document),
    })),
    recordLocator: parsed.recordLocator ?? null,
    unreadLines: parsed.errors.map((e) => e.text),
    unread: parsed.errors,
  };
}
