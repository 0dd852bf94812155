import { maskDocumentNumber } from '@portal/domain/document-types';
import type { GroupOrderDocuments } from '@portal/domain/traveller-documents';
import type { Locale } from '@portal/domain/locale';
import { getAirline } from '@portal/reference-data/airlines';
import { getAirport } from '@portal/reference-data/airports';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { PdfDoc } from '../../platform/pdf';
import type { RequestContext } from '../../platform/request-context';
import { localDate, localDateTime } from '../../platform/time-zones';
import { groupDocumentFacts, type GroupDocumentFacts } from '../group-orders/index';
import { docLabel as L, drawOrderDocument, type OrderDocKind } from './document-file';
import { formatMoney, localName, type DocumentParty, type Field } from './flight-document.model';
import { drawFooter, drawSums, drawTable, drawTop, fields, heading } from './flight-document.pdf';
import { partyOf, type DocumentDeps, type RenderedDocument } from './flight-documents';

/*
 * The traveller documents of a group order: the picked quote (the priced offer with its payment
 * schedule), a receipt per paid instalment, and the confirmed passenger list.
 */

export type GroupDocument = { kind: 'quote' } | { kind: 'receipt'; n: number } | { kind: 'passengerList' };

/** What drawing a group document needs: the order's facts, its agency and the language. */
interface Context {
  facts: GroupDocumentFacts;
  party: DocumentParty;
  locale: Locale;
  money: (minor: number) => string;
  at: (instant: Date) => string;
}

const airportName = (code: string, locale: Locale) => {
  const airport = getAirport(code);
  return airport ? `${localName(airport, locale)} (${code})` : code;
};

const airlineName = (code: string, locale: Locale) => {
  const airline = getAirline(code);
  if (!airline) return code;
  const names = { name: airline.shortName, chineseName: airline.chineseShortName };
  return localName({ ...names, traditionalName: airline.traditionalShortName }, locale);
};

function drawQuote(doc: PdfDoc, c: Context): void {
  const { facts, locale } = c;
  const quote = facts.quote;
  if (!quote) return;
  drawTable(doc, {
    title: L(locale, 'flights'),
    columns: [L(locale, 'flight'), L(locale, 'departure'), L(locale, 'arrival'), L(locale, 'cabin')],
    rows: quote.flights.map((f) => [
      `${f.airline}${f.flightNumber}\n${airlineName(f.airline, locale)}`,
      `${f.departure.replace('T', ' ')}  ${airportName(f.origin, locale)}`,
      `${f.arrival.replace('T', ' ')}  ${airportName(f.destination, locale)}`,
      t(locale, `travellerDocs.cabin.${f.cabin}`),
    ]),
    fractions: [0.16, 0.34, 0.34, 0.16],
  });
  drawTable(doc, {
    title: L(locale, 'fares'),
    columns: [
      L(locale, 'passengerType'),
      L(locale, 'farePerPerson'),
      L(locale, 'taxesPerPerson'),
      L(locale, 'count'),
      L(locale, 'subtotal'),
    ],
    rows: quote.fares.map((f) => [
      t(locale, `booking.passengerType.${f.passengerType}`),
      c.money(f.fareMinor),
      c.money(f.taxesMinor),
      String(f.count),
      c.money((f.fareMinor + f.taxesMinor) * f.count),
    ]),
    fractions: [0.2, 0.2, 0.2, 0.15, 0.25],
  });
  const count = quote.fares.reduce((sum, f) => sum + f.count, 0);
  const lines = [{ label: L(locale, 'passengerCount'), value: String(count) }];
  drawSums(
    doc,
    L(locale, 'amounts'),
    lines,
    { label: L(locale, 'total'), value: c.money(quote.totalMinor) },
    '',
  );
  drawTable(doc, {
    title: L(locale, 'schedule'),
    columns: [L(locale, 'instalment'), L(locale, 'dueBy'), L(locale, 'amount')],
    rows: quote.plan.map((p) => [
      t(locale, `groupOrders.instalment.kind.${p.kind}`),
      c.at(new Date(p.deadline)),
      c.money(p.amountMinor),
    ]),
    fractions: [0.34, 0.33, 0.33],
  });
}

function drawReceipt(doc: PdfDoc, c: Context, n: number): void {
  const { facts, locale } = c;
  const paid = facts.instalments.find((i) => i.n === n);
  const paidAt = paid?.paidAt;
  if (!paid || !paidAt) return;
  const method = paid.channel ? t(locale, `bills.method.${paid.channel}` as 'bills.method.balance') : '-';
  heading(doc, L(locale, 'payment'));
  fields(doc, [
    { label: L(locale, 'instalment'), value: t(locale, `groupOrders.instalment.kind.${paid.kind}`) },
    { label: L(locale, 'amount'), value: c.money(paid.amountMinor) },
    { label: L(locale, 'paidAt'), value: c.at(paidAt) },
    { label: L(locale, 'method'), value: method },
    { label: L(locale, 'reference'), value: paid.paymentReference ?? '-' },
  ]);
  const total = facts.instalments.reduce((sum, i) => sum + i.amountMinor, 0);
  const paidSoFar = facts.instalments
    .filter((i) => i.paidAt !== null && i.paidAt <= paidAt)
    .reduce((sum, i) => sum + i.amountMinor, 0);
  const lines: Field[] = [
    { label: L(locale, 'orderTotal'), value: c.money(total) },
    { label: L(locale, 'paidSoFar'), value: c.money(paidSoFar) },
  ];
  const remaining = { label: L(locale, 'remaining'), value: c.money(total - paidSoFar) };
  drawSums(doc, L(locale, 'amounts'), lines, remaining, '');
}

function drawPassengerList(doc: PdfDoc, c: Context): void {
  const { facts, locale } = c;
  const tickets = new Map(facts.order.tickets.map((ticket) => [ticket.passengerId, ticket.ticketNumbers]));
  drawTable(doc, {
    title: L(locale, 'passengers'),
    columns: [
      '#',
      L(locale, 'name'),
      L(locale, 'passengerType'),
      L(locale, 'document'),
      L(locale, 'ticketNumber'),
    ],
    rows: facts.passengers.map((p) => [
      String(p.position),
      `${p.surname}/${p.givenNames}`.toUpperCase(),
      t(locale, `booking.passengerType.${p.type}`),
      maskDocumentNumber(p.documentNumber),
      tickets.get(String(p.id))?.join(', ') || L(locale, 'notIssued'),
    ]),
    fractions: [0.06, 0.3, 0.12, 0.24, 0.28],
  });
}

/** The references under the title: the booking, and what the document is about. */
function headerOf(document: GroupDocument, c: Context): Field[] {
  const { facts, locale, party } = c;
  const booking = { label: L(locale, 'bookingNumber'), value: facts.order.bookingNumber };
  if (document.kind === 'quote' && facts.quote) {
    const q = facts.quote;
    return [
      booking,
      { label: L(locale, 'quotedOn'), value: localDate(q.quotedAt, party.timeZone) },
      { label: L(locale, 'validUntil'), value: c.at(q.confirmBy) },
      { label: L(locale, 'passengerListDeadline'), value: c.at(q.passengerListDeadline) },
    ];
  }
  if (document.kind === 'passengerList') {
    const confirmedAt = facts.passengers[0]?.confirmedAt ?? party.now;
    return [
      booking,
      { label: L(locale, 'passengerCount'), value: String(facts.passengers.length) },
      {
        label: L(locale, 'state'),
        value: L(locale, 'listConfirmed', { date: localDate(confirmedAt, party.timeZone) }),
      },
    ];
  }
  return [booking, { label: L(locale, 'receiptDate'), value: localDate(party.now, party.timeZone) }];
}

const isReady = (document: GroupDocument, ready: GroupOrderDocuments) =>
  document.kind === 'receipt' ? ready.receipts.includes(document.n) : ready[document.kind];

const NAMES: Record<GroupDocument['kind'], { kind: OrderDocKind; ascii: string }> = {
  quote: { kind: 'groupQuote', ascii: 'group-quote' },
  receipt: { kind: 'groupReceipt', ascii: 'group-receipt' },
  passengerList: { kind: 'groupPassengerList', ascii: 'group-passenger-list' },
};

/**
 * A traveller document of a group order the caller may read (404 otherwise, as its detail), in
 * `locale`: 409 DOCUMENT_NOT_READY before a quote is picked, while the instalment is unpaid, or
 * before the passenger list is confirmed.
 */
export async function groupDocument(
  deps: DocumentDeps,
  ctx: RequestContext,
  id: string,
  document: GroupDocument,
  locale: Locale,
): Promise<RenderedDocument> {
  const facts = await groupDocumentFacts(deps.db, ctx, id);
  if (!isReady(document, facts.ready)) throw new AppError('DOCUMENT_NOT_READY');
  const party = await partyOf(deps, facts.order.agencyId);
  const c: Context = {
    facts,
    party,
    locale,
    money: (minor) => formatMoney(minor, facts.order.currency),
    at: (instant) => localDateTime(instant, party.timeZone).replace('T', ' '),
  };
  const names = {
    ...NAMES[document.kind],
    bookingNumber: facts.order.bookingNumber,
    ...(document.kind === 'receipt' ? { n: document.n } : {}),
  };
  return drawOrderDocument(party, locale, names, (doc, title) => {
    drawTop(doc, { title, agencyName: party.agencyName, logo: party.logo, header: headerOf(document, c) });
    if (document.kind === 'quote') drawQuote(doc, c);
    else if (document.kind === 'receipt') drawReceipt(doc, c, document.n);
    else drawPassengerList(doc, c);
    drawFooter(doc, {
      footer: L(locale, 'groupFooter', { agency: party.agencyName, timeZone: party.timeZone }),
    });
  });
}
