/**
 * Passenger names as GDS displays and receipts write them (eTerm, Amadeus, Sabre, Travelport):
 * numbered name lines with titles, type markers, infants in notes, and the eTerm record locator.
 */

export type PassengerType = 'adult' | 'child' | 'infant';

/** A travel document read from `SSR FOID` (number only) or `SSR DOCS` (the full record). */
export interface ParsedDocument {
  kind: 'passport' | 'national-id' | 'other';
  number: string;
  /** ISO 3166 code as written (`CN` or `CHN`). */
  issuingCountry?: string;
  nationality?: string;
  birthday?: string;
  gender?: 'male' | 'female';
  expiryDate?: string;
}

export interface ParsedPassenger {
  surname: string;
  givenName: string;
  title?: string;
  type: PassengerType;
  document?: ParsedDocument;
}

/** A passenger read from a line; `attached` infants travel on the previous name, `bearer` names one by number. */
export type NameRead = { passenger: ParsedPassenger; attached?: boolean; bearer?: number };

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

/** A numbered names line (one space between words); the trailing eTerm record locator is taken apart. */
export function parseNames(
  line: string,
  padded: boolean,
): { passengers: NameRead[]; recordLocator?: string } | undefined {
  if (!/^\d{1,2}\./.test(line)) return undefined;
  let body = line;
  let recordLocator: string | undefined;
  const cut = line.lastIndexOf(' ');
  const word = cut > 0 ? line.slice(cut + 1) : '';
  if (/^[A-Z0-9]{5,6}$/.test(word) && !TITLES.has(word) && !(word in MARKER_TYPES)) {
    const before = line.slice(0, cut).split(' ').at(-1) ?? '';
    const marked = TITLES.has(before) || before === 'CHD' || before === 'INF' || before.endsWith(')');
    if (/\d/.test(word) || padded || marked) {
      body = line.slice(0, cut);
      recordLocator = word;
    }
  }
  const chunks = body.split(NAME_MARK);
  if (chunks[0] !== '') return undefined;
  const passengers: NameRead[] = [];
  for (const chunk of chunks.slice(1)) {
    const read = parseNameChunk(chunk.trim());
    if (!read) return undefined;
    passengers.push(...read);
  }
  return passengers.length > 0 ? withoutUndefined({ passengers, recordLocator }) : undefined;
}

/** Receipt lines: `Passenger Name: ZHANG/SAN MR`, `旅客姓名 Name: LI/SI MS`. */
export function parseNamed(line: string): { passengers: NameRead[]; recordLocator?: string } | undefined {
  const text = line.replace(/[^\x20-\x7E]+/g, ' ').trim();
  const match =
    /^(?:PASSENGER(?:\s+NAME)?|NAME|TRAVELL?ER)\s*:?\s*([A-Z' -]+\/[A-Z' /-]+?(?:\s*\*[A-Z0-9]+)?(?:\s*\([^)]*\))?)\s*$/.exec(
      text,
    );
  const read = match?.[1] ? parseNameChunk(match[1].trim()) : undefined;
  return read ? { passengers: read } : undefined;
}

/** eTerm's infant element: `3.XN/IN/ZHANG/BABY INF(JAN26)/P1`. */
export function parseEtermInfant(line: string): NameRead | undefined {
  const match =
    /^(?:\d{1,3}\.?\s*)?XN\/IN\/([A-Z' -]+)\/([A-Z' -]+?)\s*(?:INF\s*\([A-Z0-9]*\))?\s*\/P(\d{1,2})$/.exec(
      line,
    );
  if (!match?.[1] || !match[2]) return undefined;
  return {
    bearer: Number(match[3]),
    passenger: { surname: match[1].trim(), givenName: match[2].trim(), type: 'infant' },
  };
}

/** `ZHANG/SAN MR`, `LI/XIAOMING*CHD`, `ZHANG/SAN MR/SI MS`, `WANG/WU MR(INFWANG/LIU/05JAN25)`, `I/ZHANG/BABY`. */
function parseNameChunk(input: string): NameRead[] | undefined {
  const sabreInfant = /^I\/(?=[A-Z])/.test(input);
  const chunk = sabreInfant ? input.slice(2) : input;
  const match = /^([^/]+)\/([^(*]+?)\s*(?:\*([A-Z0-9]+))?\s*(?:\(([^)]*)\))?\s*(?:\*([A-Z0-9]+))?$/.exec(
    chunk,
  );
  const surname = match?.[1]?.trim();
  if (!match || !surname || !NAME.test(surname)) return undefined;
  const marker = match[3] ?? match[5];
  const note = match[4]?.trim() ?? '';
  const infantNames = note.startsWith('INF') ? noteNames(note.slice(3), surname) : undefined;
  const markerType = sabreInfant
    ? 'infant'
    : marker
      ? (MARKER_TYPES[marker] ??
        (/^C\d{2}$/.test(marker) ? 'child' : /^I\d{2}$/.test(marker) ? 'infant' : 'adult'))
      : undefined;
  const noteType = note.startsWith('CHD') ? 'child' : note === 'INF' ? 'infant' : undefined;
  const passengers: NameRead[] = [];
  for (const given of (match[2] ?? '').split('/')) {
    const words = given.trim().split(/\s+/);
    const typeWord =
      words.length > 1 && (words.at(-1) === 'CHD' || words.at(-1) === 'INF') ? words.pop() : undefined;
    const last = words.at(-1) ?? '';
    const title = words.length > 1 && TITLES.has(last) ? last : undefined;
    const givenName = (title ? words.slice(0, -1) : words).join(' ');
    if (!NAME.test(givenName)) return undefined;
    const wordType = typeWord === 'CHD' ? 'child' : typeWord === 'INF' ? 'infant' : undefined;
    const type = markerType ?? wordType ?? noteType ?? (title && CHILD_TITLES.has(title) ? 'child' : 'adult');
    passengers.push({ passenger: withoutUndefined({ surname, givenName, title, type }) });
  }
  if (infantNames === null) return undefined;
  if (infantNames) passengers.push({ passenger: { ...infantNames, type: 'infant' }, attached: true });
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

/** `value` without its undefined fields (results compare cleanly with `toEqual`). */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
