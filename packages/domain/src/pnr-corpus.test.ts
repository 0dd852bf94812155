import { describe, expect, it } from 'vitest';
import { journeysFromSegments, parsePnr, type ParsedPassenger, type ParsedSegment } from './pnr-parser';
import { CHINESE_ITINERARY_SAMPLES } from './pnr-corpus/chinese-itinerary';
import { ETERM_SAMPLES } from './pnr-corpus/eterm';
import { FREE_TEXT_SAMPLES } from './pnr-corpus/free-text';
import { GDS_SAMPLES } from './pnr-corpus/gds';
import { MORE_ETERM_SAMPLES } from './pnr-corpus/more-eterm';
import { CORPUS_TODAY } from './pnr-corpus/sample';

const SAMPLES = [
  ...ETERM_SAMPLES,
  ...MORE_ETERM_SAMPLES,
  ...GDS_SAMPLES,
  ...FREE_TEXT_SAMPLES,
  ...CHINESE_ITINERARY_SAMPLES,
];

function segmentText(s: ParsedSegment): string {
  const offset = s.arrivalDayOffset ? `+${s.arrivalDayOffset}` : '';
  const times = s.departureTime
    ? `${s.departureTime}${s.arrivalTime ? `-${s.arrivalTime}${offset}` : ''}`
    : '';
  return [
    `${s.carrier}${s.flightNumber}`,
    s.bookingClass,
    s.date,
    `${s.origin}-${s.destination}`,
    times,
    s.status,
  ]
    .filter(Boolean)
    .join(' ');
}

function passengerText(p: ParsedPassenger): string {
  const d = p.document;
  const code = d ? { passport: 'PP', 'national-id': 'NI', other: 'ID' }[d.kind] : '';
  const full = d?.birthday ? [d.nationality, d.birthday, d.gender, d.expiryDate] : [];
  return [`${p.surname}/${p.givenName}`, p.title, p.type, d && `${code}${d.number}`, ...full]
    .filter(Boolean)
    .join(' ');
}

describe('PNR corpus: every sample reads as written down', () => {
  it('holds at least 40 samples across the formats', () => {
    expect(SAMPLES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SAMPLES.map((s) => s.name)).size).toBe(SAMPLES.length);
  });

  it.each(SAMPLES.map((s) => [s.name, s] as const))('%s', (_name, sample) => {
    const result = parsePnr(sample.text, CORPUS_TODAY);
    expect(result.segments.map(segmentText)).toEqual(sample.segments);
    expect(result.passengers.map(passengerText)).toEqual(sample.passengers);
    expect(result.errors.map((e) => e.line)).toEqual(sample.unread ?? []);
    expect(result.recordLocator).toBe(sample.locator);
    if (sample.journeys) {
      expect(
        journeysFromSegments(result.segments).map((j) => `${j.origin}-${j.destination} ${j.date}`),
      ).toEqual(sample.journeys);
    }
  });
});
