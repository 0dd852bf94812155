import { addDays, dayNumber, parseDdMon, parseDdMonYy } from './two-digit-year';

/** A flight segment read from pasted GDS text; times are local to each airport. */
export interface ParsedSegment {
  carrier: string;
  flightNumber: string;
  bookingClass?: string;
  date: string;
  origin: string;
  destination: string;
  departureTime?: string;
  arrivalTime?: string;
  /** Days between departure and arrival dates (`1420+1` → 1). */
  arrivalDayOffset?: number;
  /** The action code, e.g. HK; the seat count after it is dropped. */
  status?: string;
}

export type PassengerType = 'adult' | 'child' | 'infant';

export interface ParsedPassenger {
  surname: string;
  givenName: string;
  title?: string;
  type: PassengerType;
}

export interface PnrParseResult {
  segments: ParsedSegment[];
  passengers: ParsedPassenger[];
  /** Lines read as neither a segment nor a names line (1-based line numbers, text as pasted). */
  errors: { line: number; text: string }[];
}

const CARRIER = '([A-Z]\\d|\\d[A-Z]|[A-Z]{2})';
const FLIGHT = new RegExp(`^${CARRIER}(\\d{1,4})([A-Z])?$`);
const CARRIER_ONLY = new RegExp(`^${CARRIER}$`);
const NUMBER = /^(\d{1,4})([A-Z])?$/;
const DATE = /^\d{1,2}[A-Z]{3}(?:\d{2})?$/;
const ROUTE = /^([A-Z]{3})-?([A-Z]{3})$/;
const AIRPORT = /^[A-Z]{3}$/;
const STATUS = /^([A-Z]{2})\d{1,2}$/;
const DAY_OF_WEEK = /^(?:[1-7]|[MTWQFJS]|MO|TU|WE|TH|FR|SA|SU)$/;
const TIME_SHAPE = /^\d{2}:?\d{2}/;
const TIME = /^([01]\d|2[0-3]):?([0-5]\d)(?:([+-]\d))?$/;
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'MSTR', 'DR', 'PROF']);
const CHILD_TITLES = new Set(['MSTR', 'MISS']);
/** Travelport `*ADT` style type codes; `*C05` (child aged 5) is a child too. */
const MARKER_TYPES: Record<string, PassengerType> = {
  ADT: 'adult',
  CHD: 'child',
  CNN: 'child',
  INF: 'infant',
  INS: 'infant',
};
const NAME = /^[A-Z][A-Z' -]*$/;
const NAME_MARK = /(?:^|\s+)\d{1,2}\.\d{0,2}\s*(?=[A-Z])/;

/**
 * Reads itinerary text as agents paste it from Amadeus, Sabre or Travelport, or as free text
 * (`CA981 PEK-JFK 05JAN24 13:00`). Year-less dates are the next occurrence on or after `today`;
 * two-digit years are always 20yy. Never throws: unreadable lines go to `errors`, blank ones are skipped.
 */
export function parsePnr(text: string, today: Date | string): PnrParseResult {
  const result: PnrParseResult = { segments: [], passengers: [], errors: [] };
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim().toUpperCase();
    if (!line) return;
    const segment = parseSegment(line, today);
    const passengers = segment ? undefined : parseNames(line);
    if (segment) result.segments.push(segment);
    else if (passengers) result.passengers.push(...passengers);
    else result.errors.push({ line: index + 1, text: raw });
  });
  return result;
}

function parseSegment(line: string, today: Date | string): ParsedSegment | undefined {
  const tokens = line.split(/\s+/);
  let i = /^\d{1,2}\.?$/.test(tokens[0] ?? '') ? 1 : 0;
  const joined = FLIGHT.exec(tokens[i] ?? '');
  const split = CARRIER_ONLY.exec(tokens[i] ?? '') && NUMBER.exec(tokens[i + 1] ?? '');
  const [carrier, flightNumber, joinedClass] = joined
    ? [joined[1], joined[2], joined[3]]
    : [split ? tokens[i] : undefined, split?.[1], split?.[2]];
  if (!carrier || !flightNumber) return undefined;
  i += joined ? 1 : 2;
  const segment: Partial<ParsedSegment> = { carrier, flightNumber, bookingClass: joinedClass };
  for (; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const next = tokens[i + 1] ?? '';
    const route = ROUTE.exec(token);
    const time = TIME.exec(token);
    if (!segment.date && DATE.test(token)) {
      segment.date =
        token.length > 5 ? parseDdMonYy(token, today, { century: 'future' }) : parseDdMon(token, today);
      if (!segment.date) return undefined;
    } else if (!segment.date && !segment.origin && /^[A-Z]$/.test(token) && !segment.bookingClass) {
      segment.bookingClass = token;
    } else if (!segment.origin && (route || (AIRPORT.test(token) && AIRPORT.test(next)))) {
      [segment.origin, segment.destination] = route ? [route[1], route[2]] : [token, next];
      if (!route) i++;
    } else if (!segment.origin && segment.date && DAY_OF_WEEK.test(token)) {
      continue;
    } else if (segment.origin && !segment.status && !segment.departureTime && STATUS.test(token)) {
      segment.status = token.slice(0, 2);
    } else if (time && !segment.arrivalTime) {
      if (!readTime(segment, time, next)) return undefined;
      if (segment.arrivalTime && /^[+-]\d$/.test(next)) i++;
    } else if (TIME_SHAPE.test(token) && !segment.arrivalTime) {
      return undefined;
    } else if (segment.arrivalTime && segment.date && DATE.test(token) && token.length === 5) {
      const arrival = parseDdMon(token, segment.date);
      if (!arrival) return undefined;
      segment.arrivalDayOffset = dayNumber(arrival) - dayNumber(segment.date);
    } else if (segment.departureTime) {
      break; // remarks after the times: *1A/E*, /DCCA /E, O*
    }
  }
  const { date, origin, destination } = segment;
  if (!date || !origin || !destination) return undefined;
  return withoutUndefined({ ...segment, carrier, flightNumber, date, origin, destination });
}

function readTime(segment: Partial<ParsedSegment>, time: RegExpExecArray, next: string): boolean {
  const hhmm = `${time[1]}:${time[2]}`;
  if (!segment.departureTime) {
    segment.departureTime = hhmm;
    return time[3] === undefined;
  }
  segment.arrivalTime = hhmm;
  const offset = time[3] ?? (/^[+-]\d$/.test(next) ? next : undefined);
  if (offset) segment.arrivalDayOffset = Number(offset);
  return true;
}

function parseNames(line: string): ParsedPassenger[] | undefined {
  if (!/^\d{1,2}\./.test(line)) return undefined;
  const chunks = line.split(NAME_MARK);
  if (chunks[0] !== '') return undefined;
  const passengers: ParsedPassenger[] = [];
  for (const chunk of chunks.slice(1)) {
    const read = parseNameChunk(chunk.trim());
    if (!read) return undefined;
    passengers.push(...read);
  }
  return passengers.length > 0 ? passengers : undefined;
}

/** `ZHANG/SAN MR`, `LI/XIAOMING*CHD`, `ZHANG/SAN MR/SI MS`, `WANG/WU MR(INFWANG/LIU/05JAN25)`. */
function parseNameChunk(chunk: string): ParsedPassenger[] | undefined {
  const match = /^([^/]+)\/([^(*]+?)\s*(?:\*([A-Z0-9]+))?\s*(?:\(([^)]*)\))?\s*(?:\*([A-Z0-9]+))?$/.exec(
    chunk,
  );
  const surname = match?.[1]?.trim();
  if (!match || !surname || !NAME.test(surname)) return undefined;
  const marker = match[3] ?? match[5];
  const note = match[4]?.trim() ?? '';
  const infantNames = note.startsWith('INF') ? noteNames(note.slice(3), surname) : undefined;
  const markerType = marker
    ? (MARKER_TYPES[marker] ?? (/^C\d{2}$/.test(marker) ? 'child' : 'adult'))
    : undefined;
  const noteType = note.startsWith('CHD') ? 'child' : note === 'INF' ? 'infant' : undefined;
  const passengers: ParsedPassenger[] = [];
  for (const given of (match[2] ?? '').split('/')) {
    const words = given.trim().split(/\s+/);
    const last = words.at(-1) ?? '';
    const title = words.length > 1 && TITLES.has(last) ? last : undefined;
    const givenName = (title ? words.slice(0, -1) : words).join(' ');
    if (!NAME.test(givenName)) return undefined;
    const type = markerType ?? noteType ?? (title && CHILD_TITLES.has(title) ? 'child' : 'adult');
    passengers.push(withoutUndefined({ surname, givenName, title, type }));
  }
  if (infantNames === null) return undefined;
  if (infantNames) passengers.push({ ...infantNames, type: 'infant' });
  return passengers;
}

/** The infant's names in `(INFLI/LILY/05JAN25)` or `(INFLILY/05JAN25)`; null if unreadable. */
function noteNames(
  note: string,
  bearerSurname: string,
): { surname: string; givenName: string } | null | undefined {
  const parts = note
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p && !/^\d{1,2}[A-Z]{3}\d{2}$/.test(p));
  if (parts.length === 0) return undefined;
  const [surname, givenName] = parts.length === 1 ? [bearerSurname, parts[0]] : [parts[0], parts[1]];
  return parts.length <= 2 && surname && givenName && NAME.test(surname) && NAME.test(givenName)
    ? { surname, givenName }
    : null;
}

/**
 * Groups consecutive segments into journeys: the next segment continues the journey when it leaves
 * from the previous arrival airport within 24 hours of arriving and does not fly back to where the
 * journey started (a turnaround is a return journey). A missing time counts as 00:00.
 */
export function journeysFromSegments(
  segments: readonly ParsedSegment[],
): { origin: string; destination: string; date: string }[] {
  const journeys: { origin: string; destination: string; date: string }[] = [];
  let previous: ParsedSegment | undefined;
  for (const segment of segments) {
    const current = journeys.at(-1);
    if (current && previous && continues(previous, segment, current.origin)) {
      current.destination = segment.destination;
    } else {
      journeys.push({ origin: segment.origin, destination: segment.destination, date: segment.date });
    }
    previous = segment;
  }
  return journeys;
}

function continues(previous: ParsedSegment, next: ParsedSegment, journeyOrigin: string): boolean {
  if (next.origin !== previous.destination || next.destination === journeyOrigin) return false;
  const arrivalDate = addDays(previous.date, previous.arrivalDayOffset ?? 0);
  const arrival = minutesOf(arrivalDate, previous.arrivalTime ?? previous.departureTime);
  const gap = minutesOf(next.date, next.departureTime) - arrival;
  return gap >= 0 && gap <= 24 * 60;
}

function minutesOf(date: string, time: string | undefined): number {
  const [hours = 0, minutes = 0] = (time ?? '00:00').split(':').map(Number);
  return dayNumber(date) * 1440 + hours * 60 + minutes;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
