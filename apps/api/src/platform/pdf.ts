import PDFDocument from 'pdfkit';
import { fontFile, fontRuns, type FontWeight } from './pdf-fonts';

/*
 * PDF documents (pdfkit) with the embedded CJK font of `pdf-fonts.ts` (Noto Sans SC, SIL OFL 1.1),
 * so every text of the three locales is written; draw text with `writeText`, which switches to the
 * slice of the font that holds a rare character.
 */

export type PdfDoc = PDFKit.PDFDocument;

/** Selects a slice of the font in `weight`, registered under a name of its own (pdfkit loads it once per document). */
function selectFont(doc: PdfDoc, slice: string, weight: FontWeight): PdfDoc {
  const name = `NotoSansSC-${slice}-${weight}`;
  doc.registerFont(name, fontFile(slice, weight));
  return doc.font(name);
}

/** Sets the font of `weight` for the next text (the main slice). */
export function useFont(doc: PdfDoc, weight: FontWeight): PdfDoc {
  return selectFont(doc, 'chinese-simplified', weight);
}

/**
 * Writes `text` at `x`, `y` (wrapped to `options.width`) in `weight`, each run of characters in
 * the slice of the font that holds them; the font size and colour are the document's current ones.
 */
export function writeText(
  doc: PdfDoc,
  text: string,
  x: number,
  y: number,
  options: { width?: number },
  weight: FontWeight,
): void {
  const runs = fontRuns(text);
  if (runs.length === 0) return;
  runs.forEach((run, i) => {
    selectFont(doc, run.slice, weight);
    const continued = i < runs.length - 1;
    if (i === 0) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { continued });
  });
  useFont(doc, weight);
}

/** Document metadata: the title and who made it. */
export interface PdfInfo {
  title: string;
  author: string;
  /** Written as the creation date (a fixed date makes the same document byte for byte). */
  createdAt: Date;
  /** The document's language (`en`, `zh-cn`...). */
  lang: string;
}

/** An A4 PDF drawn by `draw`, as a buffer. */
export async function renderPdf(info: PdfInfo, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: info.title, Author: info.author, Creator: info.author, CreationDate: info.createdAt },
    lang: info.lang,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  useFont(doc, 400);
  draw(doc);
  doc.end();
  return done;
}

export const PDF_TYPE = 'application/pdf';
