import { DEFAULT_AGENCY_TIME_ZONE } from '@portal/domain/time-zone';
import type { Locale } from '@portal/domain/locale';
import type { InvoiceType } from '@portal/domain/shopping-options';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { invoiceOffered, itineraryReady } from '@portal/domain/traveller-documents';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files';
import { t, type TextKeysUnder } from '../../platform/i18n';
import { renderPdf, type PdfDoc } from '../../platform/pdf';
import type { RequestContext } from '../../platform/request-context';
import { findAgencyById } from '../agencies/index';
import { ancillariesOf, findOrder, type FlightOrderRow } from '../flight-orders/index';
import { flightDocumentModel, type DocumentParty, type FlightDocumentModel } from './flight-document.model';
import { drawAmounts, drawFooter, drawHeader, drawItinerary } from './flight-document.pdf';

/** What the documents need: the database, the agencies' logo files and the clock. */
export interface DocumentDeps {
  db: Db;
  /** The stored agency logos (the agencies module's upload storage). */
  logos: FileStorage;
  now: () => Date;
}

export type FlightDocumentKind = 'itinerary' | 'invoice';

type TitleKey = TextKeysUnder<'travellerDocs.title'>;

/** A rendered document with the names it is saved under. */
export interface RenderedDocument {
  pdf: Buffer;
  fileName: string;
  asciiFallback: string;
}

/** The agency's name, logo (white-label) and time zone: the order's own agency, read outside any transaction. */
export async function partyOf(deps: DocumentDeps, agencyId: number): Promise<DocumentParty> {
  const agency = await findAgencyById(deps.db, agencyId);
  const file = agency?.logoFile ? await deps.logos.get(agency.logoFile) : undefined;
  return {
    agencyName: agency?.name ?? '',
    logo: file?.bytes ?? null,
    now: deps.now(),
    // Dates on the documents are the agency's days, as its statements are.
    timeZone: agency?.timeZone ?? DEFAULT_AGENCY_TIME_ZONE,
  };
}

/** The order `id` as the caller may read it (404 otherwise, as the order's detail answers). */
async function readableOrder(db: Db, ctx: RequestContext, id: string): Promise<FlightOrderRow> {
  const row = await findOrder(db, ctx.agency.id, id);
  if (!row || !canSeeOrder(ctx, row)) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

const sourceOf = (row: FlightOrderRow) => ({
  type: row.type,
  passengers: row.passengers,
  invoiceType: row.solution.restrictions.invoiceType,
});

type Part = (doc: PdfDoc, model: FlightDocumentModel) => void;

/** The title and the parts of the document of `kind`; an invoice follows the fare's invoice type. */
function layoutOf(kind: FlightDocumentKind, type: InvoiceType): { title: TitleKey; parts: Part[] } {
  if (kind === 'itinerary') {
    return { title: 'itinerary', parts: [drawHeader, drawItinerary, drawAmounts, drawFooter] };
  }
  if (type === 'bill') return { title: 'bill', parts: [drawHeader, drawAmounts, drawFooter] };
  if (type === 'itinerary')
    return { title: 'invoiceItinerary', parts: [drawHeader, drawItinerary, drawFooter] };
  return { title: 'invoiceItineraryWithBill', parts: [drawHeader, drawItinerary, drawAmounts, drawFooter] };
}

/** `E-ticket itinerary F2026…` as the file name, and an ASCII one for old clients. */
function fileNames(kind: FlightDocumentKind, locale: Locale, bookingNumber: string) {
  return {
    fileName: `${t(locale, `travellerDocs.fileName.${kind}`, { bookingNumber })}.pdf`,
    asciiFallback: `${kind}-${bookingNumber}.pdf`,
  };
}

/**
 * The PDF of a flight order's itinerary (with its receipt) or invoice, in `locale`. The caller must
 * be allowed to read the order; the reads are single statements and the drawing runs outside any
 * transaction.
 */
export async function flightDocument(
  deps: DocumentDeps,
  ctx: RequestContext,
  id: string,
  kind: FlightDocumentKind,
  locale: Locale,
): Promise<RenderedDocument> {
  const row = await readableOrder(deps.db, ctx, id);
  return renderFlightDocument(deps, row, kind, locale);
}

/** The document of an order already read (the "tickets issued" e-mail's attachment uses this too). */
export async function renderFlightDocument(
  deps: DocumentDeps,
  row: FlightOrderRow,
  kind: FlightDocumentKind,
  locale: Locale,
): Promise<RenderedDocument> {
  const source = sourceOf(row);
  if (kind === 'invoice' && source.invoiceType === 'none') throw new AppError('INVOICE_NOT_OFFERED');
  if (!itineraryReady(source) || (kind === 'invoice' && !invoiceOffered(source))) {
    throw new AppError('DOCUMENT_NOT_READY');
  }
  const party = await partyOf(deps, row.agencyId);
  const layout = layoutOf(kind, source.invoiceType);
  const ancillaries = await ancillariesOf(deps.db, [row.originalBookingId ?? row.id]);
  const title = t(locale, `travellerDocs.title.${layout.title}`);
  const model = flightDocumentModel(row, party, locale, title, ancillaries);
  const info = {
    title: `${model.title} ${row.bookingNumber}`,
    author: party.agencyName,
    createdAt: party.now,
    lang: locale,
  };
  const pdf = await renderPdf(info, (doc) => {
    for (const part of layout.parts) part(doc, model);
  });
  return { pdf, ...fileNames(kind, locale, row.bookingNumber) };
}
