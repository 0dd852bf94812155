import type { Locale } from '@portal/domain/locale';
import { t, type TextKeysUnder, type TextVars } from '../../platform/i18n';
import { renderPdf, type PdfDoc } from '../../platform/pdf';
import type { DocumentParty } from './flight-document.model';
import type { RenderedDocument } from './flight-documents';

/** A label of the train and group documents, in `locale`. */
export const docLabel = (locale: Locale, key: TextKeysUnder<'orderDocs.label'>, vars?: TextVars) =>
  t(locale, `orderDocs.label.${key}`, vars);

/** The documents of train and group orders, by their title and file name keys. */
export type OrderDocKind = TextKeysUnder<'orderDocs.title'> & TextKeysUnder<'orderDocs.fileName'>;

/**
 * Draws a train or group order's document of `kind` in `locale` for the agency of `party`: its
 * title, the PDF's metadata and the file names (a translated one and an ASCII one for old clients).
 */
export async function drawOrderDocument(
  party: DocumentParty,
  locale: Locale,
  doc: { kind: OrderDocKind; bookingNumber: string; n?: number; ascii: string },
  draw: (pdf: PdfDoc, title: string) => void,
): Promise<RenderedDocument> {
  const title = t(locale, `orderDocs.title.${doc.kind}`);
  const info = {
    title: `${title} ${doc.bookingNumber}`,
    author: party.agencyName,
    createdAt: party.now,
    lang: locale,
  };
  const pdf = await renderPdf(info, (pdfDoc) => draw(pdfDoc, title));
  const vars = { bookingNumber: doc.bookingNumber, n: doc.n };
  return {
    pdf,
    fileName: `${t(locale, `orderDocs.fileName.${doc.kind}`, vars)}.pdf`,
    asciiFallback: `${doc.ascii}-${doc.bookingNumber}${doc.n === undefined ? '' : `-${doc.n}`}.pdf`,
  };
}
