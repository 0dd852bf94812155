import { useFont, writeText, type PdfDoc } from '../../platform/pdf';
import type { Field, FlightDocumentModel } from './flight-document.model';

/*
 * The layout of a flight order's traveller document on A4: the agency's logo and name on top, the
 * title and the booking's references, then passengers, flights, baggage, fare terms and amounts.
 */

const INK = '#1f2329';
const MUTED = '#646a73';
const RULE = '#d0d3d6';
const SIZE = { title: 16, heading: 11, body: 9, small: 8 } as const;

const left = (doc: PdfDoc) => doc.page.margins.left;
const contentWidth = (doc: PdfDoc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: PdfDoc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` does not fit under the current line. */
function ensureRoom(doc: PdfDoc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** A section's heading with a rule under it. */
export function heading(doc: PdfDoc, text: string): void {
  ensureRoom(doc, 40);
  doc.moveDown(0.8);
  useFont(doc, 700).fontSize(SIZE.heading).fillColor(INK);
  writeText(doc, text, left(doc), doc.y, { width: contentWidth(doc) }, 700);
  const y = doc.y + 2;
  doc
    .moveTo(left(doc), y)
    .lineTo(left(doc) + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 4;
}

/** How a row is written: column headings, plain values, or a bold bottom line. */
export type RowStyle = 'head' | 'body' | 'strong';

/** One table row: cells side by side in columns of the given fractions of the width. */
export function tableRow(doc: PdfDoc, cells: string[], fractions: number[], style: RowStyle = 'body'): void {
  const width = contentWidth(doc);
  const widths = fractions.map((f) => f * width - 6);
  const weight = style === 'body' ? 400 : 700;
  useFont(doc, weight).fontSize(SIZE.body);
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i] ?? width })));
  ensureRoom(doc, height + 4);
  const y = doc.y;
  let x = left(doc);
  cells.forEach((cell, i) => {
    const w = widths[i] ?? width;
    doc.fillColor(style === 'head' ? MUTED : INK);
    writeText(doc, cell, x, y, { width: w }, weight);
    x += w + 6;
  });
  doc.x = left(doc);
  doc.y = y + height + 4;
}

/** Label and value rows. */
export function fields(doc: PdfDoc, list: Field[]): void {
  for (const field of list) tableRow(doc, [field.label, field.value], [0.3, 0.7]);
}

/** The top of every traveller document: the agency's logo and name, the title, the references. */
export type DocumentTop = Pick<FlightDocumentModel, 'logo' | 'agencyName' | 'title' | 'header'>;

/** Draws the agency's logo and name, the title and the reference fields. */
export function drawTop(doc: PdfDoc, model: DocumentTop): void {
  const top = doc.y;
  let x = left(doc);
  if (model.logo) {
    try {
      doc.image(model.logo, x, top, { fit: [120, 40] });
      x += 132;
    } catch {
      // A stored logo pdfkit cannot read (an unusual PNG variant): the name alone stands.
    }
  }
  useFont(doc, 700)
    .fontSize(SIZE.heading + 2)
    .fillColor(INK);
  writeText(doc, model.agencyName, x, top + 10, { width: contentWidth(doc) - (x - left(doc)) }, 700);
  doc.y = Math.max(doc.y, top + 44);
  doc.moveDown(0.6);
  useFont(doc, 700).fontSize(SIZE.title);
  writeText(doc, model.title, left(doc), doc.y, { width: contentWidth(doc) }, 700);
  doc.moveDown(0.4);
  fields(doc, model.header);
}

/** Draws the top: the agency, the title, the booking's references and the passengers with their tickets. */
export function drawHeader(doc: PdfDoc, model: FlightDocumentModel): void {
  drawTop(doc, model);
  heading(doc, model.labels.passengers);
  const extras = model.labels.columns.passenger.length > 3;
  const widths = extras ? [0.3, 0.12, 0.28, 0.3] : [0.4, 0.2, 0.4];
  tableRow(doc, model.labels.columns.passenger, widths, 'head');
  for (const p of model.passengers) {
    tableRow(
      doc,
      extras ? [p.name, p.type, p.tickets, p.extras || '-'] : [p.name, p.type, p.tickets],
      widths,
    );
  }
}

/** Draws the itinerary part: flights, baggage and fare terms. */
export function drawItinerary(doc: PdfDoc, model: FlightDocumentModel): void {
  heading(doc, model.labels.flights);
  const columns = [0.16, 0.34, 0.34, 0.16];
  tableRow(doc, model.labels.columns.flight, columns, 'head');
  for (const f of model.flights) {
    tableRow(doc, [`${f.flight}\n${f.carrier}`, f.departure, f.arrival, f.cabin], columns);
  }
  drawNote(doc, model.labels.localTime);

  if (model.baggage.length > 0) {
    heading(doc, model.labels.baggage);
    fields(doc, model.baggage);
  }
  heading(doc, model.labels.fareTerms);
  fields(doc, model.fareTerms);
}

/** Draws the amounts: each part, the total in bold and whether it is paid. */
export function drawAmounts(doc: PdfDoc, model: FlightDocumentModel): void {
  drawSums(doc, model.labels.amounts, model.amounts, model.total, model.paymentNote);
}

/** A section of amounts: the lines, the bottom line in bold, and a note under them. */
export function drawSums(doc: PdfDoc, title: string, lines: Field[], total: Field, note: string): void {
  heading(doc, title);
  fields(doc, lines);
  tableRow(doc, [total.label, total.value], [0.3, 0.7], 'strong');
  drawNote(doc, note, 'body');
}

/** A small grey line under a section (what the times mean, whether it is paid). */
export function drawNote(doc: PdfDoc, text: string, size: 'small' | 'body' = 'small'): void {
  useFont(doc, 400).fontSize(SIZE[size]).fillColor(MUTED);
  writeText(doc, text, left(doc), doc.y, { width: contentWidth(doc) }, 400);
}

/** A section of a table: the heading, the column headings, one row per item. */
export function drawTable(
  doc: PdfDoc,
  table: { title: string; columns: string[]; rows: string[][]; fractions: number[] },
): void {
  heading(doc, table.title);
  tableRow(doc, table.columns, table.fractions, 'head');
  for (const row of table.rows) tableRow(doc, row, table.fractions);
}

/** The last line: who issued the document and the traveller's reminder. */
export function drawFooter(doc: PdfDoc, model: Pick<FlightDocumentModel, 'footer'>): void {
  ensureRoom(doc, 40);
  doc.moveDown(1.5);
  useFont(doc, 400).fontSize(SIZE.small).fillColor(MUTED);
  writeText(doc, model.footer, left(doc), doc.y, { width: contentWidth(doc) }, 400);
}
