import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of a sheet: heading, width and the Excel number format of its cells. */
export interface SheetColumn {
  header: string;
  width?: number;
  numFmt?: string;
}

/** A cell value: text, a number (money as a number), a date (written as UTC) or empty. */
export type CellValue = string | number | Date | null;

/** One row's cells with the number format of a single cell overriding the column's. */
export interface SheetRow {
  cells: CellValue[];
  /** Per-cell number formats (e.g. the currency's decimals), by column index. */
  numFmts?: Record<number, string>;
}

/** An .xlsx workbook with one sheet: bold frozen heading row, then `rows`. */
export async function buildXlsx(
  sheetName: string,
  columns: SheetColumn[],
  rows: SheetRow[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: `c${i}`,
    header: c.header,
    width: c.width ?? 18,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(row.cells);
    for (const [index, numFmt] of Object.entries(row.numFmts ?? {})) {
      added.getCell(Number(index) + 1).numFmt = numFmt;
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the RFC 5987
 * `filename*=UTF-8''…` form for names in other scripts.
 */
export function contentDisposition(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}

/** Answers the request with a file download (the body is not an envelope). */
export function sendFile(
  reply: FastifyReply,
  file: Buffer,
  options: { type: string; fileName: string; asciiFallback: string },
): FastifyReply {
  return reply
    .header('content-disposition', contentDisposition(options.fileName, options.asciiFallback))
    .header('cache-control', 'no-store')
    .type(options.type)
    .send(file);
}
