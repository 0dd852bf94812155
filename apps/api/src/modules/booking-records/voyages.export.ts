import type { VoyageRow } from '@portal/domain/booking-records';
import type { Locale } from '@portal/domain/locale';
import { buildXlsx, type SheetColumn, type SheetRow } from '../../platform/download';
import { t, type TextKeysUnder } from '../../platform/i18n';

/** A column heading in `locale`; flight times are local to the airport, booking time UTC. */
const heading = (locale: Locale, column: TextKeysUnder<'voyagesExport.column'>) =>
  t(locale, `voyagesExport.column.${column}`);

/** The localized and the ASCII file name of the export, dated `today` (UTC). */
export function voyageFileName(locale: Locale, today: Date): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return {
    fileName: `${t(locale, 'voyagesExport.file')}-${date}.xlsx`,
    asciiFallback: `booking-records-${date}.xlsx`,
  };
}

/** `YYYY-MM-DDTHH:mm` as `YYYY-MM-DD HH:mm` (the local time as written, no zone arithmetic). */
const localTime = (time: string) => time.replace('T', ' ');

/** Booking records as one sheet, headings in `locale`. */
export function voyagesWorkbook(locale: Locale, rows: VoyageRow[]): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { header: heading(locale, 'bookingNumber'), width: 18 },
    { header: heading(locale, 'pnr'), width: 8 },
    { header: heading(locale, 'passenger'), width: 24 },
    { header: heading(locale, 'passengerType'), width: 10 },
    { header: heading(locale, 'ticketNumber'), width: 18 },
    { header: heading(locale, 'flightNumber'), width: 10 },
    { header: heading(locale, 'from'), width: 8 },
    { header: heading(locale, 'departure'), width: 18 },
    { header: heading(locale, 'to'), width: 8 },
    { header: heading(locale, 'arrival'), width: 18 },
    { header: heading(locale, 'cabin'), width: 10 },
    { header: heading(locale, 'ticketStatus'), width: 12 },
    { header: heading(locale, 'afterSalesOrder'), width: 18 },
    { header: heading(locale, 'bookingTime'), width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss' },
  ];
  const sheetRows: SheetRow[] = rows.map((r) => ({
    cells: [
      r.bookingNumber,
      r.pnr,
      r.passengerName,
      t(locale, `booking.passengerType.${r.passengerType}`),
      r.ticketNumber,
      r.flightNumber,
      r.departure.airport,
      localTime(r.departure.time),
      r.arrival.airport,
      localTime(r.arrival.time),
      r.cabin,
      t(locale, `voyage.ticketStatus.${r.ticketStatus}`),
      r.afterSales?.bookingNumber ?? null,
      new Date(r.bookingTime),
    ],
  }));
  return buildXlsx(t(locale, 'voyagesExport.sheet'), columns, sheetRows);
}
