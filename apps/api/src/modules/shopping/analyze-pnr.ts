import { journeysFromSegments, parsePnr, type ParsedDocument } from '@portal/domain/pnr-parser';
import type { PnrAnalysisResult, PnrDocument } from '@portal/domain/shopping';
import { AppError } from '../../platform/errors';
import { alpha2OfMrzState } from '../passengers/index';

/** DOCS writes countries as alpha-3 (`CHN`) or alpha-2 (`CN`); the booking form wants alpha-2. */
function alpha2(code: string | undefined): string | null {
  if (!code) return null;
  return code.length === 2 ? code : (alpha2OfMrzState(code) ?? null);
}

function presentDocument(d: ParsedDocument | undefined): PnrDocument | null {
  if (!d) return null;
  return {
    kind: d.kind,
    number: d.number,
    issuingCountry: alpha2(d.issuingCountry),
    nationality: alpha2(d.nationality),
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
