import type { Locale } from '@portal/domain/locale';
import { t, type TextKeysUnder, type TextVars } from '../../platform/i18n';
import { renderPdf } from '../../platform/pdf';
import { localDate, localDateTime } from '../../platform/time-zones';
import {
  baggage,
  fareTerms,
  flightLine,
  formatMoney,
  type FlightDocumentModel,
} from './flight-document.model';
import { drawAmounts, drawFooter, drawHeader, drawItinerary } from './flight-document.pdf';
import type { DocumentParty } from './flight-document.model';
import { shownOf } from './client-quote.presenter';
import type { ClientQuoteRow } from './client-quotes.schema';
import type { RenderedDocument } from './flight-documents';

/*
 * A client quote as a PDF, on the traveller documents' layout: the agency's logo and name, the
 * quote's validity, one price per passenger type (the service fee inside it, never a line of its
 * own), the flights in local times, baggage, fare terms in the traveller's language, the total and
 * "prices subject to availability until booked".
 */

const Q = (locale: Locale, key: TextKeysUnder<'clientQuoteDoc'>, vars?: TextVars) =>
  t(locale, `clientQuoteDoc.${key}`, vars);
const D = (locale: Locale, key: TextKeysUnder<'travellerDocs.label'>) =>
  t(locale, `travellerDocs.label.${key}`);

const shownTime = (at: Date, timeZone: string) => localDateTime(at, timeZone).replace('T', ' ');

/** What the quote's PDF says in `locale`, as the traveller documents' model lays it out. */
export function clientQuoteModel(
  row: ClientQuoteRow,
  party: DocumentParty,
  locale: Locale,
): FlightDocumentModel {
  const shown = shownOf(row);
  const m = (minor: number) => formatMoney(minor, row.currency);
  const type = (passengerType: string) => t(locale, `booking.passengerType.${passengerType as 'adult'}`);
  const validUntil = shownTime(row.expiresAt, party.timeZone);
  const header = [
    ...(row.travellerName ? [{ label: Q(locale, 'preparedFor'), value: row.travellerName }] : []),
    { label: Q(locale, 'quotedOn'), value: localDate(row.createdAt, party.timeZone) },
    { label: Q(locale, 'validUntil'), value: `${validUntil} (${party.timeZone})` },
    ...(row.note ? [{ label: Q(locale, 'note'), value: row.note }] : []),
  ];
  return {
    locale,
    title: Q(locale, 'title'),
    agencyName: party.agencyName,
    logo: party.logo,
    header,
    // The table under the header lists the passenger types with their price each.
    passengers: shown.lines.map((l) => ({
      name: type(l.passengerType),
      type: String(l.count),
      tickets: m(l.unitMinor),
      extras: '',
    })),
    flights: row.snapshot.legs.flatMap((leg) => leg.segments).map((s) => flightLine(s, locale)),
    baggage: baggage(row.snapshot, locale),
    fareTerms: fareTerms(row.snapshot.rules, locale),
    amounts: shown.lines.map((l) => ({
      label: `${type(l.passengerType)} × ${l.count}`,
      value: m(l.subtotalMinor),
    })),
    total: { label: D(locale, 'total'), value: m(shown.totalMinor) },
    paymentNote: Q(locale, 'subjectToAvailability', { time: validUntil, zone: party.timeZone }),
    footer: Q(locale, 'footer', { agency: party.agencyName }),
    labels: {
      passengers: Q(locale, 'prices'),
      flights: D(locale, 'flights'),
      baggage: D(locale, 'baggage'),
      fareTerms: D(locale, 'fareTerms'),
      amounts: D(locale, 'amounts'),
      localTime: D(locale, 'localTime'),
      columns: {
        passenger: [Q(locale, 'passengerType'), Q(locale, 'count'), Q(locale, 'pricePerPassenger')],
        flight: [D(locale, 'flight'), D(locale, 'departure'), D(locale, 'arrival'), D(locale, 'cabin')],
      },
    },
  };
}

/** The quote's PDF in `locale`, with its file name (the quote's date) and an ASCII one. */
export async function renderClientQuote(
  row: ClientQuoteRow,
  party: DocumentParty,
  locale: Locale,
): Promise<RenderedDocument> {
  const model = clientQuoteModel(row, party, locale);
  const date = localDate(row.createdAt, party.timeZone);
  const pdf = await renderPdf(
    { title: model.title, author: party.agencyName, createdAt: row.createdAt, lang: locale },
    (doc) => {
      for (const part of [drawHeader, drawItinerary, drawAmounts, drawFooter]) part(doc, model);
    },
  );
  return {
    pdf,
    fileName: `${Q(locale, 'fileName', { date })}.pdf`,
    asciiFallback: `flight-quote-${date}.pdf`,
  };
}
