import type { AfterSalesQuote } from '@portal/domain/after-sales';
import type { Locale } from '@portal/domain/locale';
import type { Segment, Solution } from '@portal/domain/shopping';
import { getAirline } from '@portal/reference-data/airlines';
import { getAirport } from '@portal/reference-data/airports';
import { t, type TextKeysUnder, type TextVars } from '../../platform/i18n';
import { localDate } from '../../platform/time-zones';
import type { FlightOrderRow } from '../flight-orders/index';
import { money, toMinor } from '../wallet/index';

/*
 * What a traveller document of a flight order says, every text already in the document's language:
 * the PDF drawing (`flight-document.pdf.ts`) only lays it out.
 */

/** A label and its value. */
export interface Field {
  label: string;
  value: string;
}

export interface PassengerLine {
  name: string;
  type: string;
  tickets: string;
  /** Seats and bags, joined; empty when the order has none. */
  extras: string;
}

/** A seat or bag of the order as its documents list it. */
export interface DocumentAncillary {
  passengerIndex: number;
  kind: 'seat' | 'bag';
  segmentIndexes: readonly number[];
  designator: string | null;
  quantity: number;
  weightKg: number | null;
  status: string;
}

export interface FlightLine {
  flight: string;
  /** Airline name, and "operated by" when another carrier flies it. */
  carrier: string;
  departure: string;
  arrival: string;
  cabin: string;
}

export interface FlightDocumentModel {
  locale: Locale;
  title: string;
  agencyName: string;
  logo: Buffer | null;
  header: Field[];
  passengers: PassengerLine[];
  flights: FlightLine[];
  baggage: Field[];
  fareTerms: Field[];
  amounts: Field[];
  /** The bottom line of the amounts (total). */
  total: Field;
  /** Paid on which date, or not yet. */
  paymentNote: string;
  footer: string;
  labels: Record<'passengers' | 'flights' | 'baggage' | 'fareTerms' | 'amounts' | 'localTime', string> & {
    columns: { passenger: string[]; flight: string[] };
  };
}

/** What the model is made of besides the order: its agency, the logo and when it was made. */
export interface DocumentParty {
  agencyName: string;
  logo: Buffer | null;
  now: Date;
  /** The time zone of the issue date (the agency's). */
  timeZone: string;
}

const L = (locale: Locale, key: TextKeysUnder<'travellerDocs.label'>, vars?: TextVars) =>
  t(locale, `travellerDocs.label.${key}`, vars);

/** `CNY 1,234.50`: the currency code and the amount with its minor digits, grouped by thousands. */
export function formatMoney(minor: number, currency: string): string {
  const { amount } = money(minor, currency);
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The name of an airport, airline or station in `locale` (the English one when it has no other). */
export function localName(
  item: { name: string; chineseName: string; traditionalName: string },
  locale: Locale,
): string {
  if (locale === 'zh-cn') return item.chineseName || item.name;
  if (locale === 'zh-tw') return item.traditionalName || item.chineseName || item.name;
  return item.name;
}

function airlineName(code: string, locale: Locale): string {
  const airline = getAirline(code);
  if (!airline) return code;
  return localName(
    {
      name: airline.shortName,
      chineseName: airline.chineseShortName,
      traditionalName: airline.traditionalShortName,
    },
    locale,
  );
}

/** `2026-12-01 08:05  Shanghai Pudong International Airport (PVG) Terminal 2`. */
function point(p: Segment['departure'], locale: Locale): string {
  const airport = getAirport(p.airport);
  const name = airport ? `${localName(airport, locale)} (${p.airport})` : p.airport;
  // Terminals come as `T2` or `2`: the label says "Terminal", so the number stands alone.
  const number = p.terminal?.replace(/^T(?=\w)/i, '');
  const terminal = number ? ` ${L(locale, 'terminal', { terminal: number })}` : '';
  return `${p.time.replace('T', ' ')}  ${name}${terminal}`;
}

/** A segment as a document lists it (also a client quote's). */
export function flightLine(s: Segment, locale: Locale): FlightLine {
  const operated =
    s.operatingCarrier && s.operatingCarrier !== s.marketingCarrier
      ? ` · ${L(locale, 'operatedBy', { carrier: airlineName(s.operatingCarrier, locale) })}`
      : '';
  return {
    flight: `${s.marketingCarrier}${s.flightNumber}`,
    carrier: `${airlineName(s.marketingCarrier, locale)}${operated}`,
    departure: point(s.departure, locale),
    arrival: point(s.arrival, locale),
    cabin: `${t(locale, `travellerDocs.cabin.${s.cabin}`)} (${s.bookingClass})`,
  };
}

function allowance(a: Solution['baggage'][number]['checked'], locale: Locale): string {
  if (a.pieces <= 0) return L(locale, 'noBaggage');
  const text =
    a.weightKg === null
      ? L(locale, 'pieces', { count: a.pieces })
      : L(locale, 'pieceWeight', { count: a.pieces, weight: a.weightKg });
  return a.dimensions ? `${text} (${a.dimensions})` : text;
}

/** The baggage allowance per passenger type (also a client quote's). */
export function baggage(solution: Pick<Solution, 'baggage'>, locale: Locale): Field[] {
  return solution.baggage.map((b) => ({
    label: t(locale, `booking.passengerType.${b.passengerType}`),
    value: `${L(locale, 'carryOn')}: ${allowance(b.carryOn, locale)}; ${L(locale, 'checked')}: ${allowance(b.checked, locale)}`,
  }));
}

function penalty(rule: Solution['rules']['change'], locale: Locale): string {
  if (!rule.allowed) return L(locale, 'notAllowed');
  if (!rule.fee) return L(locale, 'allowed');
  const fee = formatMoney(toMinor(rule.fee.amount, rule.fee.currency), rule.fee.currency);
  return L(locale, 'allowedWithFee', { fee });
}

/** Change, refund and no-show in words (also a client quote's). */
export function fareTerms(
  rules: Pick<Solution['rules'], 'change' | 'refund' | 'noShow'>,
  locale: Locale,
): Field[] {
  return (['change', 'refund', 'noShow'] as const).map((kind) => ({
    label: L(locale, kind),
    value: penalty(rules[kind], locale),
  }));
}

/** A change order's amounts: what the change costs on top of the tickets held (the desk's quote). */
function changeAmounts(quote: AfterSalesQuote, locale: Locale): { lines: Field[]; total: Field } {
  const m = (minor: number) => formatMoney(minor, quote.currency);
  const lines: Field[] = [
    { label: L(locale, 'priceDifference'), value: m(quote.priceDifferenceMinor) },
    { label: L(locale, 'taxDifference'), value: m(quote.taxDifferenceMinor) },
    { label: L(locale, 'changeFee'), value: m(quote.changeFeeMinor) },
  ];
  if (quote.serviceFeeMinor !== 0)
    lines.push({ label: L(locale, 'serviceFee'), value: m(quote.serviceFeeMinor) });
  return { lines, total: { label: L(locale, 'total'), value: m(quote.amountDueMinor) } };
}

/**
 * Fare, taxes, the agency's adjustment (service fee or discount) and the total: the parts add up to
 * it. A change order shows its quote instead (its total is the amount due for the change).
 */
function amounts(row: FlightOrderRow, locale: Locale): { lines: Field[]; total: Field } {
  const quote = row.afterSales?.quote;
  if (row.type === 'change' && quote) return changeAmounts(quote, locale);
  const c = row.currency;
  const p = row.prices;
  const taxes = p.taxMinor + p.fuelSurchargeMinor + p.airportTaxMinor;
  const extras = p.ancillariesMinor ?? 0;
  const adjustment = row.orderTotalMinor - p.ticketPriceMinor - taxes - extras;
  const lines: Field[] = [
    { label: L(locale, 'fare'), value: formatMoney(p.ticketPriceMinor, c) },
    { label: L(locale, 'taxes'), value: formatMoney(taxes, c) },
  ];
  if (extras > 0) lines.push({ label: L(locale, 'extras'), value: formatMoney(extras, c) });
  if (adjustment > 0) lines.push({ label: L(locale, 'serviceFee'), value: formatMoney(adjustment, c) });
  if (adjustment < 0) lines.push({ label: L(locale, 'discount'), value: formatMoney(adjustment, c) });
  return { lines, total: { label: L(locale, 'total'), value: formatMoney(row.orderTotalMinor, c) } };
}

/** The model of a flight order's document titled `title`, in `locale`. */
export function flightDocumentModel(
  row: FlightOrderRow,
  party: DocumentParty,
  locale: Locale,
  title: string,
  ancillaries: readonly DocumentAncillary[] = [],
): FlightDocumentModel {
  const segments = row.solution.legs.flatMap((leg) => leg.segments);
  const route = (indexes: readonly number[]) =>
    indexes
      .map((i) => segments[i])
      .map((s) => (s ? `${s.departure.airport}-${s.arrival.airport}` : ''))
      .join(', ');
  const extrasOf = (index: number) =>
    ancillaries
      .filter((a) => a.passengerIndex === index && a.status === 'booked')
      .map((a) =>
        a.kind === 'seat'
          ? L(locale, 'seat', { seat: a.designator ?? '', route: route(a.segmentIndexes) })
          : L(locale, 'bag', {
              quantity: a.quantity,
              weight: a.weightKg ?? 0,
              route: route(a.segmentIndexes),
            }),
      )
      .join('; ');
  const issuedAt = row.issuedAt ?? party.now;
  const { lines, total } = amounts(row, locale);
  const paid = row.paidAt
    ? L(locale, 'paid', { date: localDate(row.paidAt, party.timeZone) })
    : L(locale, 'unpaid');
  return {
    locale,
    title,
    agencyName: party.agencyName,
    logo: party.logo,
    header: [
      { label: L(locale, 'bookingNumber'), value: row.bookingNumber },
      { label: L(locale, 'pnr'), value: row.pnr ?? '-' },
      { label: L(locale, 'validatingAirline'), value: airlineName(row.solution.validatingCarrier, locale) },
      { label: L(locale, 'issuedOn'), value: localDate(issuedAt, party.timeZone) },
    ],
    passengers: row.passengers.map((p, i) => ({
      name: `${p.surname}/${p.given_names}`.toUpperCase(),
      type: t(locale, `booking.passengerType.${p.type}`),
      tickets: p.ticketNumbers.join(', ') || '-',
      extras: extrasOf(i),
    })),
    flights: segments.map((s) => flightLine(s, locale)),
    baggage: baggage(row.solution, locale),
    fareTerms: fareTerms(row.solution.rules, locale),
    amounts: lines,
    total,
    paymentNote: paid,
    footer: L(locale, 'footer', { agency: party.agencyName }),
    labels: {
      passengers: L(locale, 'passengers'),
      flights: L(locale, 'flights'),
      baggage: L(locale, 'baggage'),
      fareTerms: L(locale, 'fareTerms'),
      amounts: L(locale, 'amounts'),
      localTime: L(locale, 'localTime'),
      columns: {
        passenger: [
          L(locale, 'name'),
          L(locale, 'passengerType'),
          L(locale, 'ticketNumbers'),
          ...(ancillaries.some((a) => a.status === 'booked') ? [L(locale, 'extras')] : []),
        ],
        flight: [L(locale, 'flight'), L(locale, 'departure'), L(locale, 'arrival'), L(locale, 'cabin')],
      },
    },
  };
}
