import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';

/*
 * PDF documents (pdfkit) with an embedded CJK font: Noto Sans SC (SIL OFL 1.1) of the npm package
 * `@fontsource/noto-sans-sc`. Its `chinese-simplified` subset holds the Latin letters, digits and
 * the common traditional characters too, so one font writes every text of the three locales.
 *
 * The WOFF file is used, unpacked once into a plain sfnt font held in memory: fontkit subsets a
 * TrueType font into a few kB, but the same font from the WOFF2 file came out at 1-2.5 MB per
 * document (its decoding of WOFF2's transformed glyph table), and reading the WOFF file directly
 * costs seconds of unpacking for every document.
 */

export type PdfDoc = PDFKit.PDFDocument;

/** The registered font names: regular and bold. */
export const PDF_FONT = { regular: 'NotoSansSC', bold: 'NotoSansSC-Bold' } as const;

const FONT_FILES = {
  regular: '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff',
  bold: '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-700-normal.woff',
} as const;

/** The sfnt font (TrueType or OpenType) packed in a WOFF 1.0 file: each table inflated, checksums kept. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const size = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed < size ? zlib.inflateSync(raw) : raw,
    };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + 16 * count;
  const out = Buffer.alloc(tables.reduce((sum, t) => sum + padded(t.data.length), headerSize));
  let power = 1;
  let log2 = 0;
  while (power * 2 <= count) {
    power *= 2;
    log2 += 1;
  }
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const entry = 12 + 16 * i;
    out.writeUInt32BE(table.tag, entry);
    out.writeUInt32BE(table.checksum, entry + 4);
    out.writeUInt32BE(offset, entry + 8);
    out.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** The two fonts, read from the package and unpacked on first use (found from the API's bundle too). */
function loadFonts(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => woffToSfnt(fs.readFileSync(require.resolve(file)));
    fonts = { regular: read(FONT_FILES.regular), bold: read(FONT_FILES.bold) };
  }
  return fonts;
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

/** An A4 PDF drawn by `draw` with the CJK font registered as `PDF_FONT`, as a buffer. */
export async function renderPdf(info: PdfInfo, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  const { regular, bold } = loadFonts();
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
  doc.registerFont(PDF_FONT.regular, regular);
  doc.registerFont(PDF_FONT.bold, bold);
  doc.font(PDF_FONT.regular);
  draw(doc);
  doc.end();
  return done;
}

export const PDF_TYPE = 'application/pdf';
