import type { TicketStatus, VoyageRow } from '@portal/domain/booking-records';
import type { Locale } from '@portal/domain/locale';
import type { PassengerType } from '@portal/domain/shopping';
import { buildXlsx, type SheetColumn, type SheetRow } from '../../platform/download';

type Texts = Record<
  | 'sheet'
  | 'file'
  | 'bookingNumber'
  | 'pnr'
  | 'passenger'
  | 'passengerType'
  | 'ticketNumber'
  | 'flightNumber'
  | 'from'
  | 'departure'
  | 'to'
  | 'arrival'
  | 'cabin'
  | 'ticketStatus'
  | 'afterSalesOrder'
  | 'bookingTime',
  string
> & { statuses: Record<TicketStatus, string>; passengerTypes: Record<PassengerType, string> };

/** Headings of the booking records export; flight times are local to the airport, booking time UTC. */
const TEXTS: Record<Locale, Texts> = {
  en: {
    sheet: 'Booking records',
    file: 'booking-records',
    bookingNumber: 'Booking number',
    pnr: 'PNR',
    passenger: 'Passenger',
    passengerType: 'Passenger type',
    ticketNumber: 'Ticket number',
    flightNumber: 'Flight',
    from: 'From',
    departure: 'Departure (local time)',
    to: 'To',
    arrival: 'Arrival (local time)',
    cabin: 'Cabin',
    ticketStatus: 'Ticket status',
    afterSalesOrder: 'After-sales order',
    bookingTime: 'Booking time (UTC)',
    statuses: { issued: 'Issued', changed: 'Changed', refunded: 'Refunded', voided: 'Voided' },
    passengerTypes: { adult: 'Adult', child: 'Child', infant: 'Infant' },
  },
  'zh-cn': {
    sheet: '行程记录',
    file: '行程记录',
    bookingNumber: '订单号',
    pnr: 'PNR',
    passenger: '乘客',
    passengerType: '乘客类型',
    ticketNumber: '票号',
    flightNumber: '航班',
    from: '出发地',
    departure: '出发时间（当地）',
    to: '目的地',
    arrival: '到达时间（当地）',
    cabin: '舱位',
    ticketStatus: '客票状态',
    afterSalesOrder: '售后订单',
    bookingTime: '预订时间（UTC）',
    statuses: { issued: '已出票', changed: '已改签', refunded: '已退票', voided: '已废票' },
    passengerTypes: { adult: '成人', child: '儿童', infant: '婴儿' },
  },
  'zh-tw': {
    sheet: '行程記錄',
    file: '行程記錄',
    bookingNumber: '訂單號',
    pnr: 'PNR',
    passenger: '乘客',
    passengerType: '乘客類型',
    ticketNumber: '票號',
    flightNumber: '航班',
    from: '出發地',
    departure: '出發時間（當地）',
    to: '目的地',
    arrival: '抵達時間（當地）',
    cabin: '艙等',
    ticketStatus: '機票狀態',
    afterSalesOrder: '售後訂單',
    bookingTime: '預訂時間（UTC）',
    statuses: { issued: '已開票', changed: '已改簽', refunded: '已退票', voided: '已作廢' },
    passengerTypes: { adult: '成人', child: '兒童', infant: '嬰兒' },
  },
};

/** The localized and the ASCII file name of the export, dated `today` (UTC). */
export function voyageFileName(locale: Locale, today: Date): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return { fileName: `${TEXTS[locale].file}-${date}.xlsx`, asciiFallback: `booking-records-${date}.xlsx` };
}

/** `YYYY-MM-DDTHH:mm` as `YYYY-MM-DD HH:mm` (the local time as written, no zone arithmetic). */
const localTime = (time: string) => time.replace('T', ' ');

/** Booking records as one sheet, headings in `locale`. */
export function voyagesWorkbook(locale: Locale, rows: VoyageRow[]): Promise<Buffer> {
  const t = TEXTS[locale];
  const columns: SheetColumn[] = [
    { header: t.bookingNumber, width: 18 },
    { header: t.pnr, width: 8 },
    { header: t.passenger, width: 24 },
    { header: t.passengerType, width: 10 },
    { header: t.ticketNumber, width: 18 },
    { header: t.flightNumber, width: 10 },
    { header: t.from, width: 8 },
    { header: t.departure, width: 18 },
    { header: t.to, width: 8 },
    { header: t.arrival, width: 18 },
    { header: t.cabin, width: 10 },
    { header: t.ticketStatus, width: 12 },
    { header: t.afterSalesOrder, width: 18 },
    { header: t.bookingTime, width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss' },
  ];
  const sheetRows: SheetRow[] = rows.map((r) => ({
    cells: [
      r.bookingNumber,
      r.pnr,
      r.passengerName,
      t.passengerTypes[r.passengerType],
      r.ticketNumber,
      r.flightNumber,
      r.departure.airport,
      localTime(r.departure.time),
      r.arrival.airport,
      localTime(r.arrival.time),
      r.cabin,
      t.statuses[r.ticketStatus],
      r.afterSales?.bookingNumber ?? null,
      new Date(r.bookingTime),
    ],
  }));
  return buildXlsx(t.sheet, columns, sheetRows);
}
