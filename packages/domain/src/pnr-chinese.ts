/**
 * Chinese e-ticket itineraries (行程单, 行程單) as agencies copy them: labelled fields in Simplified
 * or Traditional Chinese, one or several to a line (`旅客姓名：张伟`, `航班号：MU5101 舱位：Y`,
 * `日期：2026-12-12`, `出发：上海浦东(PVG) 07:00 T1`), a flight's fields spread over several lines,
 * names in Chinese characters. Read by `parsePnr` beside the GDS formats.
 */
import { isValidResidentId } from './document-types';
import {
  parseNamed,
  type NameRead,
  type ParsedDocument,
  type ParsedPassenger,
  type PassengerType,
} from './pnr-names';
import { addDays, dayNumber } from './two-digit-year';

type FieldKind =
  | 'name'
  | 'document'
  | 'flight'
  | 'class'
  | 'date'
  | 'departure'
  | 'departureTime'
  | 'arrival'
  | 'arrivalTime'
  | 'locator'
  | 'skip';

/** Labels in Simplified and Traditional Chinese, space-separated; the longest is tried first. */
const LABELS: Record<FieldKind, string> = {
  name: '旅客姓名 乘机人姓名 乘機人姓名 乘客姓名 乘机人 乘機人 乘客 旅客 姓名',
  document:
    '有效身份证件号码 有效身份證件號碼 身份证件号码 身份證件號碼 ' +
    '证件号码 證件號碼 证件号 證件號 身份证号码 身份證號碼 身份证号 ' +
    '身份證號 护照号码 護照號碼',
  flight: '航班号 航班號 航班',
  class: '舱位等级 艙位等級 座位等级 座位等級 舱位 艙位 舱等 艙等',
  date: '乘机日期 乘機日期 航班日期 起飞日期 起飛日期 出发日期 出發日期 日期',
  departure: '出发机场 出發機場 起飞机场 起飛機場 出发地 出發地 出发 出發 起飞 起飛 始发 始發 自',
  departureTime: '起飞时间 起飛時間 出发时间 出發時間',
  arrival: '到达机场 到達機場 抵达机场 抵達機場 目的地 到达 到達 抵达 抵達 至',
  arrivalTime: '到达时间 到達時間 抵达时间 抵達時間',
  locator: '订座记录编号 訂座記錄編號 订座记录 訂座記錄 訂位記錄 订位代号 訂位代號 记录编号 記錄編號',
  skip:
    '电子客票号码 電子客票號碼 客票号码 客票號碼 票号 票號 票价 ' +
    '票價 税费 稅費 合计 合計 承运人 承運人 航空公司 机型 機型 ' +
    '行李额 行李額 签注 簽註 印刷序号 印刷序號 联系电话 聯絡電話 ' +
    '状态 狀態 航站楼 航站樓',
};

const KIND_OF = new Map<string, FieldKind>(
  (Object.entries(LABELS) as [FieldKind, string][]).flatMap(([kind, words]) =>
    words.split(' ').map((w) => [w, kind] as const),
  ),
);
const ALTERNATIVES = [...KIND_OF.keys()].sort((a, b) => b.length - a.length).join('|');
/**
 * A label and its colon: `旅客姓名：`, `航班号 Flight No.:`, `日期(DATE)：`. Only a label directly
 * followed (after an optional English label) by a colon counts: table headers and prose do not.
 */
const LABEL = new RegExp(
  `(${ALTERNATIVES})\\s*(?:[(（][A-Z ./'-]{1,30}[)）]|[A-Z][A-Z ./'-]{0,30})?\\s*[：:]`,
  'g',
);
const HAN = /^[\u3400-\u9fff]+$/;
/** Two-character surnames; any other name's surname is its first character. */
const COMPOUND_SURNAMES = new Set(
  (
    '欧阳 歐陽 司马 司馬 上官 诸葛 諸葛 东方 東方 皇甫 尉迟 尉遲 公孙 公孫 慕容 长孙 長孫 宇文 司徒 ' +
    '夏侯 令狐 澹台 轩辕 軒轅 端木 南宫 南宮 西门 西門 独孤 獨孤 百里 呼延 闻人 聞人 钟离 鍾離'
  ).split(' '),
);
const TYPE_WORDS: Record<string, PassengerType> = {
  成人: 'adult',
  儿童: 'child',
  兒童: 'child',
  CHD: 'child',
  婴儿: 'infant',
  嬰兒: 'infant',
  INF: 'infant',
};

/** `2026-12-12`, `2026/12/12`, `2026.12.12`, `2026年12月12日` → `2026-12-12` (anywhere in a text). */
export function normalizeChineseDates(text: string): string {
  return text.replace(
    /(\d{4})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})日?(?!\d)/g,
    (_all, y: string, m: string, d: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`,
  );
}

/** Airports written as a Chinese name with the code in (full-width) brackets: `上海浦东(PVG)` → ` @PVG `. */
export function markBracketedAirports(text: string): string {
  return text.replace(/[(（]\s*([A-Z]{3})\s*[)）]/g, ' @$1 ');
}

/** The labelled fields of a line that starts with a label, in order; undefined for any other line. */
function fieldsOf(line: string): { kind: FieldKind; value: string }[] | undefined {
  const matches = [...line.matchAll(LABEL)];
  const first = matches[0];
  if (!first || line.slice(0, first.index).trim() !== '') return undefined;
  return matches.map((match, i) => {
    const end = matches[i + 1]?.index ?? line.length;
    const label = match[1] ?? '';
    return {
      kind: KIND_OF.get(label) ?? 'skip',
      value: line.slice(match.index + match[0].length, end).trim(),
    };
  });
}

function validIsoDate(text: string): string | undefined {
  try {
    return addDays(text, 0) === text ? text : undefined;
  } catch {
    return undefined;
  }
}

const TIME = /(?<!\d)([01]?\d|2[0-3])[:：]([0-5]\d)(?:\s*\+\s*(\d))?(?!\d)/;
const ISO = /(?<!\d)(\d{4}-\d{2}-\d{2})(?!\d)/;

/** Airport, time, date and a `+1` day mark of a departure or arrival value (`北京首都(PEK) 09:15 T3`). */
function placeOf(value: string): { airport?: string; time?: string; date?: string; plus?: number } {
  const text = markBracketedAirports(normalizeChineseDates(value));
  const airport =
    /@([A-Z]{3})\b/.exec(text)?.[1] ??
    /(?:^|[^A-Z@])([A-Z]{3})(?![A-Z])/.exec(text.replace(/\d{4}-\d{2}-\d{2}/g, ' '))?.[1];
  const time = TIME.exec(text);
  const date = ISO.exec(text)?.[1];
  return {
    airport,
    time: time ? `${(time[1] ?? '').padStart(2, '0')}:${time[2] ?? ''}` : undefined,
    date,
    plus: time?.[3] ? Number(time[3]) : undefined,
  };
}

/** `张伟` → 张 / 伟, `欧阳娜娜` → 欧阳 / 娜娜; a type in brackets (`李小宝（儿童）`) gives the type. */
function chineseNames(value: string): ParsedPassenger[] | undefined {
  const out: ParsedPassenger[] = [];
  const pieces = value
    .replace(/[(（]\s*([^)）]*)\s*[)）]/g, ' ($1)')
    .split(/[、，,；;\s]+/)
    .filter(Boolean);
  for (const piece of pieces) {
    const typed = /^\((.+)\)$/.exec(piece);
    if (typed) {
      const type = TYPE_WORDS[typed[1] ?? ''];
      const last = out.at(-1);
      if (!type || !last) return undefined;
      last.type = type;
      continue;
    }
    const starred = /^(.+?)\*?(CHD|INF)$/.exec(piece);
    const name = starred?.[1] ?? piece;
    if (!HAN.test(name) || name.length < 2 || name.length > 6) return undefined;
    const cut = name.length > 2 && COMPOUND_SURNAMES.has(name.slice(0, 2)) ? 2 : 1;
    const type = TYPE_WORDS[starred?.[2] ?? ''] ?? 'adult';
    out.push({ surname: name.slice(0, cut), givenName: name.slice(cut), type });
  }
  return out.length > 0 ? out : undefined;
}

function documentOf(value: string): ParsedDocument | undefined {
  const number = value.replace(/\s+/g, '').toUpperCase();
  if (isValidResidentId(number)) return { kind: 'national-id', number };
  if (/^[A-Z]{1,2}\d{7,8}$/.test(number)) return { kind: 'passport', number };
  return /^[A-Z0-9]{5,20}$/.test(number) ? { kind: 'other', number } : undefined;
}

/** A flight read from labelled fields; the same shape as the parser's segments. */
export interface LabelledSegment {
  carrier: string;
  flightNumber: string;
  bookingClass?: string;
  date: string;
  origin: string;
  destination: string;
  departureTime?: string;
  arrivalTime?: string;
  arrivalDayOffset?: number;
}

type Pending = Partial<LabelledSegment> & { arrivalDate?: string; plus?: number };

/** What a line (or the end of the text) adds: flights completed, passengers, a record locator, unread lines. */
export interface LabelledOutcome {
  segments: LabelledSegment[];
  passengers: NameRead[];
  recordLocator?: string;
  unread: { line: number; text: string }[];
}

/**
 * Collects one flight at a time from labelled lines: a field that the flight being read already has
 * starts the next one. A flight without number, date or both airports is listed as unread.
 */
export class LabelledItinerary {
  private pending: Pending = {};
  private lines: { line: number; text: string }[] = [];
  private lastPassenger: ParsedPassenger | undefined;
  private heldDocument: ParsedDocument | undefined;

  /** Reads a line (upper-cased, single-spaced) that starts with a Chinese label; undefined otherwise. */
  read(line: string, lineNumber: number, raw: string): LabelledOutcome | undefined {
    const fields = fieldsOf(line);
    if (!fields) return undefined;
    const outcome: LabelledOutcome = { segments: [], passengers: [], unread: [] };
    let used = false;
    for (const { kind, value } of fields) {
      if (kind === 'skip') continue;
      const person = kind === 'name' || kind === 'document' || kind === 'locator';
      if (!(person ? this.readPerson(kind, value, outcome) : this.readFlightField(kind, value, outcome))) {
        outcome.unread.push({ line: lineNumber, text: raw });
        return outcome;
      }
      used ||= !person;
    }
    if (used) this.lines.push({ line: lineNumber, text: raw });
    return outcome;
  }

  /** Ends the flight being read (before a one-line flight, and at the end of the text). */
  flush(): LabelledOutcome {
    const outcome: LabelledOutcome = { segments: [], passengers: [], unread: [] };
    this.finishFlight(outcome);
    return outcome;
  }

  private readPerson(
    kind: 'name' | 'document' | 'locator',
    value: string,
    outcome: LabelledOutcome,
  ): boolean {
    if (kind === 'locator') {
      const locator = /^[A-Z0-9]{5,6}$/.exec(value.replace(/\s+/g, ''))?.[0];
      if (locator) outcome.recordLocator = locator;
      return locator !== undefined;
    }
    if (kind === 'document') {
      const document = documentOf(value);
      if (!document) return false;
      if (this.lastPassenger && !this.lastPassenger.document) this.lastPassenger.document = document;
      else this.heldDocument = document;
      return true;
    }
    // A Latin name (`ZHANG/WEI MR`) reads as the receipts' name line does.
    const names = /[A-Z]/.test(value)
      ? parseNamed(`NAME: ${value}`)?.passengers.map((n) => n.passenger)
      : chineseNames(value);
    if (!names) return false;
    for (const passenger of names) {
      if (this.heldDocument) {
        passenger.document = this.heldDocument;
        this.heldDocument = undefined;
      }
      outcome.passengers.push({ passenger });
    }
    this.lastPassenger = names.at(-1);
    return true;
  }

  private readFlightField(kind: FieldKind, value: string, outcome: LabelledOutcome): boolean {
    const p = this.pending;
    const starts = (taken: unknown) => {
      if (taken !== undefined) this.finishFlight(outcome);
      return this.pending;
    };
    if (kind === 'flight') {
      const flight = /^\*?([A-Z]\d|\d[A-Z]|[A-Z]{2})\s?(\d{1,4})([A-Z])?$/.exec(value.split(' ')[0] ?? '');
      if (!flight) return false;
      const next = starts(p.flightNumber);
      [next.carrier, next.flightNumber] = [flight[1], flight[2]];
      if (flight[3]) next.bookingClass = flight[3];
      return true;
    }
    if (kind === 'class') {
      const cls = /^([A-Z])\b/.exec(value)?.[1];
      if (cls) starts(p.bookingClass).bookingClass = cls;
      return true; // 经济舱 and the like name the cabin, not the booking class
    }
    if (kind === 'date') {
      const date = validIsoDate(ISO.exec(normalizeChineseDates(value))?.[1] ?? '');
      if (!date) return false;
      const next = starts(p.date);
      next.date = date;
      const time = placeOf(value).time;
      if (time) next.departureTime ??= time;
      return true;
    }
    const place = placeOf(value);
    const departure = kind === 'departure' || kind === 'departureTime';
    const airportField = kind === 'departure' || kind === 'arrival';
    if (airportField ? !place.airport : !place.time) return false;
    const taken = departure
      ? airportField
        ? p.origin
        : p.departureTime
      : airportField
        ? p.destination
        : p.arrivalTime;
    const next = starts(taken);
    if (departure) {
      if (place.airport) next.origin = place.airport;
      if (place.time) next.departureTime = place.time;
      if (place.date) next.date ??= validIsoDate(place.date);
    } else {
      if (place.airport) next.destination = place.airport;
      if (place.time) next.arrivalTime = place.time;
      if (place.date) next.arrivalDate = place.date;
      if (place.plus) next.plus = place.plus;
    }
    return true;
  }

  private finishFlight(outcome: LabelledOutcome): void {
    const { carrier, flightNumber, date, origin, destination, arrivalDate, plus, ...rest } = this.pending;
    const lines = this.lines;
    this.pending = {};
    this.lines = [];
    if (!carrier || !flightNumber || !date || !origin || !destination) {
      outcome.unread.push(...lines);
      return;
    }
    const offset = arrivalDate ? dayNumber(arrivalDate) - dayNumber(date) : (plus ?? 0);
    const segment: LabelledSegment = { carrier, flightNumber, date, origin, destination, ...rest };
    if (offset !== 0) segment.arrivalDayOffset = offset;
    outcome.segments.push(segment);
  }
}
