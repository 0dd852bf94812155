import {
  addDays,
  dayNumber,
  MONTH_CODES,
  parseDdMon,
  parseDdMonYy,
  type CenturyMode,
} from './two-digit-year';
import {
  parseEtermInfant,
  parseNamed,
  parseNames,
  withoutUndefined,
  type NameRead,
  type ParsedDocument,
  type ParsedPassenger,
} from './pnr-names';
import {
  LabelledItinerary,
  markBracketedAirports,
  normalizeChineseDates,
  type LabelledOutcome,
} from './pnr-chinese';

export type { ParsedDocument, ParsedPassenger, PassengerType } from './pnr-names';

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
  /** Days between departure and arrival dates (`1420+1`, `2015#1`, `0630/1` → 1). */
  arrivalDayOffset?: number;
  /** The action code, e.g. HK; the seat count after it is dropped. */
  status?: string;
}

export interface PnrParseResult {
  /** The booking's record locator when the text names one (eTerm name line, Amadeus header). */
  recordLocator?: string;
  segments: ParsedSegment[];
  passengers: ParsedPassenger[];
  /** Lines read as nothing the parser knows (1-based line numbers, text as pasted). */
  errors: { line: number; text: string }[];
}

const CARRIER = '([A-Z]\\d|\\d[A-Z]|[A-Z]{2})';
const FLIGHT = new RegExp(`^\\*?${CARRIER}(\\d{1,4})([A-Z])?$`);
const CARRIER_ONLY = new RegExp(`^\\*?${CARRIER}$`);
const NUMBER = /^(\d{1,4})([A-Z])?$/;
const MONTHS = MONTH_CODES.join('|');
const WEEKDAYS = 'MO|TU|WE|TH|FR|SA|SU';
/** `05JAN`, `05JAN27`, `05JAN2027`, weekday-prefixed `MO21DEC` (eTerm). */
const DATE = new RegExp(`^(?:(${WEEKDAYS}))?(\\d{1,2})(${MONTHS})(\\d{2}|\\d{4})?$`);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ROUTE = /^([A-Z]{3})[-/]?([A-Z]{3})$/;
const AIRPORT = /^[A-Z]{3}$/;
/** Segment action codes with an optional seat count (`HK2`, `RR`, `KK1`). */
const STATUS = /^(HK|HL|HS|HN|HX|KK|KL|RR|TK|TL|DK|SS|NN|UC|UN|US|UU|NO|GK|PN|XX|LL|HA|HI|SC|TN)(\d{1,2})?$/;
const DAY_OF_WEEK = /^(?:[1-7]|[MTWQFJS]|MO|TU|WE|TH|FR|SA|SU)$/;
const TIME_SHAPE = /^#?\d{3,4}[AP]?(?:$|[+#/-])|^\d{1,2}:\d{2}/;
/** `0800`, `08:00`, `830A`, `1205P`, with a day marker `+1`, `#1`, `/1` or `-1`. */
const TIME = /^(?:(#))?(\d{1,2}):?([0-5]\d)([AP]N?)?(?:([+#/-])(\d))?$/;
const DAY_MARK = /^([+#/-])(\d)$/;
/** Words of receipts and free itineraries that only label the value after them. */
const LABELS =
  /\b(?:FLIGHT|FLT|DATE|FROM|TO|DEPART(?:URE)?|ARRIV(?:E|AL)|DEP|ARR|CLASS|STATUS|TIME|NO|NUMBER)\b\.?/g;
/**
 * Lines that carry no flight and no passenger: eTerm time limits, other SSRs, OSI, contacts,
 * remarks, fares, ticket numbers, office codes, headers and terminal prompts. Known, so not unread.
 */
const IGNORED = [
  /^(?:\d{1,3}\.?\s*)?(?:TL|TK(?=\s*(?:OK|TL|XL)|\/)|OSI|RMK|RM|CTC[TMEP]|AP[EMBHNT]?|FP|FC|FN|FA|FB|FE|FV|FM|EI|TN|TKT|TKTG|SK|OP[WC]?|FONE|GFAX|NP|RECEIVED|PHONES?|\*?SSR\s+(?!FOID|DOCS)[A-Z]{4}|SR(?!DOCS|FOID)[A-Z]{4})\b/,
  /^(?:\d{1,3}\.?\s*)?[A-Z]{3}\d{3}$/, // eTerm office code (PEK123)
  /^\d{1,3}\.\s*[A-Z]{3}\/T\s+[A-Z]{3}\/T\b/, // eTerm contact element (PEK/T PEK/T 010-...)
  /^\d{1,3}\.\s*(?:TAW|TAU|[A-Z]{3}\s*\d[\d -]+-[A-Z])/, // Sabre ticketing and phone fields
  /^(?:\*\*.*\*\*|-{3}.*-{3}|>.*|RP\/.*|[0-9A-Z]{6})$/, // banners, prompts, headers, a locator alone
  /^(?:E-?TICKET|ELECTRONIC TICKET|TICKET|ISSUED|BOOKING|RECORD|CONFIRMATION|ITINERARY|RECEIPT|FARE|TOTAL|TAX|PAYMENT|ENDORSEMENT|AGENT|PHONE|EMAIL|TEL)\b/,
  /^[^A-Z0-9]*(?:航班|行程单|行程單|电子客票|電子客票|客票|机票|機票|票号|票號|订座记录|訂位記錄|联系|聯絡|电话|電話|手机|出票|票价|票價|税|稅|合计|合計|总计|總計|签注|簽註|备注|備註|付款|代理|旅客须知)/,
];

/**
 * Reads itinerary text as agents paste it from TravelSky eTerm, Amadeus, Sabre or Travelport, as
 * free text and e-ticket receipts (`Flight CX347 05JAN27 HKG-PEK 08:15-11:40`), or as Chinese
 * e-ticket itineraries with labelled fields (`pnr-chinese.ts`). Year-less dates
 * are the next occurrence on or after `today`; two-digit flight years are always 20yy, two-digit
 * birth dates follow spec §5. Never throws: unread lines go to `errors`, blank ones are skipped.
 */
export function parsePnr(text: string, today: Date | string): PnrParseResult {
  const result: PnrParseResult = { segments: [], passengers: [], errors: [] };
  const numbered: { number?: number; bearer?: number; passenger: ParsedPassenger }[] = [];
  const documents: DocumentLine[] = [];
  const addPassengers = (read: NameRead[]) => {
    for (const { passenger, attached, bearer } of read) {
      const last = numbered.filter((n) => n.number !== undefined).length;
      if (attached) numbered.push({ bearer: last, passenger });
      else if (bearer !== undefined) numbered.push({ bearer, passenger });
      else numbered.push({ number: last + 1, passenger });
    }
  };
  // The same flight read twice (one itinerary per passenger pasted together) is kept once.
  const seen = new Set<string>();
  const addSegment = (s: ParsedSegment) => {
    const key = `${s.carrier}${s.flightNumber}|${s.date}|${s.origin}-${s.destination}`;
    if (!seen.has(key)) result.segments.push(s);
    seen.add(key);
  };
  const labelled = new LabelledItinerary();
  const take = (outcome: LabelledOutcome) => {
    outcome.segments.forEach(addSegment);
    addPassengers(outcome.passengers);
    result.recordLocator ??= outcome.recordLocator;
    result.errors.push(...outcome.unread);
  };
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const text = raw.trim().toUpperCase();
    // One space between words from here on: the patterns below then cannot backtrack over runs
    // of blanks, so a pasted line of thousands of spaces is read in linear time.
    const line = text.replace(/\s+/g, ' ');
    if (!line) return;
    const ssr = readDocumentLine(line, today);
    if (ssr !== undefined) {
      if (ssr) documents.push(ssr);
      else result.errors.push({ line: index + 1, text: raw });
      return;
    }
    const segment = parseSegment(line, today);
    if (segment) {
      take(labelled.flush());
      addSegment(segment);
      return;
    }
    const fields = labelled.read(line, index + 1, raw);
    if (fields) {
      take(fields);
      return;
    }
    if (IGNORED.some((pattern) => pattern.test(line))) {
      const header = /^RP\/\S+.*\s([0-9A-Z]{6})$/.exec(line);
      if (header) result.recordLocator ??= header[1];
      return;
    }
    const names = parseNames(line, paddedTail(text)) ?? parseNamed(line);
    const infant = names ? undefined : parseEtermInfant(line);
    if (names) {
      addPassengers(names.passengers);
      result.recordLocator ??= names.recordLocator;
    } else if (infant) {
      addPassengers([infant]);
    } else {
      result.errors.push({ line: index + 1, text: raw });
    }
  });
  take(labelled.flush());
  result.errors.sort((a, b) => a.line - b.line);
  for (const { document, ref, infant, name } of documents) {
    const byName = name
      ? numbered.find((n) => `${n.passenger.surname}/${n.passenger.givenName}` === name)
      : undefined;
    const byRef =
      ref === undefined
        ? numbered.length === 1
          ? numbered[0]
          : undefined
        : numbered.find((n) => (infant ? n.bearer === ref : n.number === ref));
    const target = byName ?? byRef;
    if (target) target.passenger.document ??= document;
  }
  result.passengers = numbered.map((n) => n.passenger);
  return withoutUndefined(result);
}

function normalizeSegmentLine(line: string): string[] {
  return markBracketedAirports(normalizeChineseDates(line))
    .replace(/[^\x20-\x7E]+/g, ' ') // CJK labels of receipts, full-width colons
    .replace(LABELS, ' ')
    .replace(/[:：]\s/g, ' ')
    .replace(/\b(\d{1,2}:\d{2}|\d{4})-(\d{1,2}:\d{2}|\d{4})(?=$|\s|[+#/])/g, '$1 $2')
    .replace(/\b([A-Z]{3})\s*(?:-|→|->|TO)\s*([A-Z]{3})\b/g, '$1-$2')
    .split(/\s+/)
    .filter((t) => t && t !== '-' && t !== ':');
}

function parseSegment(line: string, today: Date | string): ParsedSegment | undefined {
  const tokens = normalizeSegmentLine(line);
  let i = /^\d{1,3}\.?$/.test(tokens[0] ?? '') ? 1 : 0;
  const joined = FLIGHT.exec(tokens[i] ?? '');
  const split = CARRIER_ONLY.exec(tokens[i] ?? '') && NUMBER.exec(tokens[i + 1] ?? '');
  const carrier = joined ? joined[1] : split ? tokens[i]?.replace('*', '') : undefined;
  const flightNumber = joined ? joined[2] : split?.[1];
  if (!carrier || !flightNumber) return undefined;
  i += joined ? 1 : 2;
  const segment: Partial<ParsedSegment> = { carrier, flightNumber, bookingClass: joined?.[3] ?? split?.[2] };
  for (; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const next = tokens[i + 1] ?? '';
    const route = ROUTE.exec(token);
    const named = /^@([A-Z]{3})$/.exec(token)?.[1];
    const time = TIME.exec(token);
    if (!segment.date && (DATE.test(token) || ISO_DATE.test(token))) {
      segment.date = readFlightDate(token, today);
      if (!segment.date) return undefined;
    } else if (!segment.date && !segment.origin && /^[A-Z]$/.test(token) && !segment.bookingClass) {
      segment.bookingClass = token;
    } else if (named && !segment.destination) {
      // `上海虹桥(SHA) 07:00 北京首都(PEK) 09:15`: each airport stands before its own time.
      if (segment.origin) segment.destination = named;
      else segment.origin = named;
    } else if (!segment.origin && (route || (AIRPORT.test(token) && AIRPORT.test(next)))) {
      [segment.origin, segment.destination] = route ? [route[1], route[2]] : [token, next];
      if (!route) i++;
    } else if (!segment.origin && segment.date && DAY_OF_WEEK.test(token)) {
      continue;
    } else if (segment.origin && !segment.status && !segment.departureTime && STATUS.test(token)) {
      segment.status = token.replace(/\d+$/, '');
    } else if (time && !segment.arrivalTime && TIME_SHAPE.test(token)) {
      if (!readTime(segment, time)) return undefined;
      const mark = DAY_MARK.exec(next);
      if (segment.arrivalTime && mark) {
        segment.arrivalDayOffset = dayOffset(mark[1], mark[2]);
        i++;
      }
    } else if (TIME_SHAPE.test(token) && !segment.arrivalTime) {
      return undefined;
    } else if (segment.arrivalTime && segment.date && DATE.test(token)) {
      const arrival = readFlightDate(token, segment.date);
      if (!arrival) return undefined;
      segment.arrivalDayOffset = dayNumber(arrival) - dayNumber(segment.date);
    }
    // Anything else is a column the itinerary does not need: terminals (T3T2, --T3), E, *1A/E*,
    // /DCCA*ABC123 /E, O*, meals, a trailing weekday.
  }
  const { date, origin, destination } = segment;
  if (!date || !origin || !destination) return undefined;
  return withoutUndefined({ ...segment, carrier, flightNumber, date, origin, destination });
}

/** A flight date: two-digit years are 20yy (a flight is never in the 1900s); a weekday is checked. */
function readFlightDate(token: string, today: Date | string): string | undefined {
  if (ISO_DATE.test(token)) {
    try {
      return addDays(token, 0) === token ? token : undefined;
    } catch {
      return undefined;
    }
  }
  return readDate(token, today, 'future');
}

/** `MO21DEC`, `05JAN`, `05JAN27`, `05JAN2027` → ISO; a year-less date is the next occurrence. */
function readDate(token: string, today: Date | string, century: CenturyMode): string | undefined {
  const match = DATE.exec(token);
  if (!match) return undefined;
  const [, , dd = '', mon = '', year] = match;
  if (year?.length === 4) {
    const read = parseDdMonYy(`${dd}${mon}${year.slice(2)}`, today, { century: 'future' });
    return read && `${year}${read.slice(4)}`;
  }
  if (year) return parseDdMonYy(`${dd}${mon}${year}`, today, { century });
  return parseDdMon(`${dd}${mon}`, today);
}

function dayOffset(sign: string | undefined, days: string | undefined): number {
  return (sign === '-' ? -1 : 1) * Number(days ?? 0);
}

/** Galileo writes a next-day arrival as `#1645`, the others as `1645+1`, `1645#1` or `1645/1`. */
function readTime(segment: Partial<ParsedSegment>, time: RegExpExecArray): boolean {
  const [, galileoNextDay, hh, mm, meridiem, sign, days] = time;
  let hours = Number(hh);
  if (meridiem) {
    if (hours < 1 || hours > 12) return false;
    hours = (hours % 12) + (meridiem.startsWith('P') ? 12 : 0);
  }
  if (hours > 23) return false;
  const hhmm = `${String(hours).padStart(2, '0')}:${mm ?? '00'}`;
  if (!segment.departureTime) {
    segment.departureTime = hhmm;
    return sign === undefined && galileoNextDay === undefined;
  }
  segment.arrivalTime = hhmm;
  if (sign) segment.arrivalDayOffset = dayOffset(sign, days);
  else if (galileoNextDay) segment.arrivalDayOffset = 1;
  return true;
}

/** Whether the last word of a (trimmed) line stands after two or more blanks, as eTerm pads it. */
function paddedTail(text: string): boolean {
  const last = Math.max(text.lastIndexOf(' '), text.lastIndexOf('\t'));
  return last > 0 && /\s/.test(text.charAt(last - 1));
}

type DocumentLine = { document: ParsedDocument; ref?: number; infant: boolean; name?: string };

/**
 * `SSR FOID CA HK1 NI110101199001011234/P1`, `SSR DOCS CA HK1 P/CN/E12345678/CN/12MAY80/M/15JAN30/ZHANG/SAN/P1`
 * and Amadeus `SRDOCS CA HK1-P-CHN-E12345678-CHN-12MAY80-M-15JAN30-ZHANG-SAN/P1`. Undefined for
 * any other line; null for a FOID or DOCS line that cannot be read (it is listed as unread).
 */
function readDocumentLine(line: string, today: Date | string): DocumentLine | null | undefined {
  const head =
    /^(?:\d{1,3}\.?\s*)?\*?(?:SSR\s*|SR)(FOID|DOCS)\s+(?:[A-Z0-9]{2}\s+)?(?:[A-Z]{2}\d{0,2}\s*[-/ ]?\s*)?(.*)$/.exec(
      line,
    );
  if (!head) return undefined;
  const [, kind, rest = ''] = head;
  const ref = /\/P(\d{1,2})\s*$/.exec(rest);
  const body = rest.replace(/\/P\d{1,2}\s*$/, '').trim();
  if (kind === 'FOID') {
    const foid = /^(NI|PP|ID)\s*([A-Z0-9]{5,20})$/.exec(body);
    if (!foid?.[2]) return null;
    const docKind: ParsedDocument['kind'] =
      foid[1] === 'PP' ? 'passport' : foid[1] === 'NI' ? 'national-id' : 'other';
    return withoutUndefined({
      document: { kind: docKind, number: foid[2] },
      ref: ref ? Number(ref[1]) : undefined,
      infant: false,
    });
  }
  const f = body.split(/[/-]/).map((p) => p.trim());
  const [type, issuing, number, nationality, birth, sex, expiry, surname, given] = f;
  if (!type || !number || !/^[A-Z0-9]{5,20}$/.test(number)) return null;
  const birthday = birth ? readDate(birth, today, 'rule') : undefined;
  const expiryDate = expiry ? readDate(expiry, today, 'future') : undefined;
  if ((birth && !birthday) || (expiry && !expiryDate)) return null;
  const document: ParsedDocument = withoutUndefined({
    kind: type === 'P' ? 'passport' : type === 'I' ? 'national-id' : 'other',
    number,
    issuingCountry: issuing || undefined,
    nationality: nationality || undefined,
    birthday,
    gender: sex?.startsWith('M') ? 'male' : sex?.startsWith('F') ? 'female' : undefined,
    expiryDate,
  });
  return withoutUndefined({
    document,
    ref: ref ? Number(ref[1]) : undefined,
    infant: sex === 'MI' || sex === 'FI',
    name: surname && given ? `${surname}/${given}` : undefined,
  });
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
