import { maskDocumentNumber } from '@portal/domain/document-types';
import type { Locale } from '@portal/domain/locale';
import type { TrainStop } from '@portal/domain/rail';
import { trainETicketReady } from '@portal/domain/traveller-documents';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { localDate } from '../../platform/time-zones';
import type { RequestContext } from '../../platform/request-context';
import { visibleTrainOrder, type TrainOrderRow } from '../train-orders/index';
import { docLabel as L, drawOrderDocument } from './document-file';
import { formatMoney, localName, type DocumentParty, type Field } from './flight-document.model';
import { drawFooter, drawNote, drawSums, drawTable, drawTop } from './flight-document.pdf';
import { partyOf, type DocumentDeps, type RenderedDocument } from './flight-documents';

/** `2026-12-01 08:05  Beijing South (VNP)`: the local time and the station in `locale`. */
function stop(s: TrainStop, locale: Locale): string {
  return `${s.time.replace('T', ' ').slice(0, 16)}  ${localName(s.station, locale)} (${s.station.code})`;
}

/** The ticket of a passenger, else the railway's order number (some railways number the order only). */
function ticketOf(p: TrainOrderRow['passengers'][number], order: TrainOrderRow, locale: Locale) {
  return p.ticketNumber ?? L(locale, 'seeRailwayOrder', { reference: order.referenceId });
}

/** What the e-ticket of a train order says, every text in `locale`. */
export function trainETicketModel(order: TrainOrderRow, party: DocumentParty, locale: Locale, title: string) {
  const seatClass = t(locale, `trainBooking.seatClasses.${order.seatClass}`);
  const money = (minor: number) => formatMoney(minor, order.currency);
  const header: Field[] = [
    { label: L(locale, 'bookingNumber'), value: order.bookingNumber },
    { label: L(locale, 'railwayOrderNumber'), value: order.referenceId },
    { label: L(locale, 'issuedOn'), value: localDate(order.ticketedAt ?? party.now, party.timeZone) },
  ];
  return {
    top: { title, agencyName: party.agencyName, logo: party.logo, header },
    journey: {
      title: L(locale, 'journey'),
      columns: [L(locale, 'train'), L(locale, 'departure'), L(locale, 'arrival'), L(locale, 'seatClass')],
      rows: [
        [
          order.trainNumber,
          stop(order.train.departure, locale),
          stop(order.train.arrival, locale),
          seatClass,
        ],
      ],
      fractions: [0.14, 0.36, 0.36, 0.14],
    },
    passengers: {
      title: L(locale, 'passengers'),
      columns: [
        L(locale, 'name'),
        L(locale, 'passengerType'),
        L(locale, 'document'),
        L(locale, 'seat'),
        L(locale, 'ticketNumber'),
      ],
      rows: order.passengers.map((p) => [
        p.name,
        t(locale, `booking.passengerType.${p.type}`),
        maskDocumentNumber(p.document.number),
        p.seat ? L(locale, 'coachSeat', { coach: p.seat.coach, seat: p.seat.seatNumber }) : '-',
        ticketOf(p, order, locale),
      ]),
      fractions: [0.22, 0.1, 0.22, 0.2, 0.26],
    },
    amounts: order.passengers.map((p) => ({ label: p.name, value: money(p.priceMinor) })),
    total: { label: L(locale, 'total'), value: money(order.orderTotalMinor) },
    paid: order.paidAt
      ? L(locale, 'paid', { date: localDate(order.paidAt, party.timeZone) })
      : L(locale, 'unpaid'),
    stationTimes: L(locale, 'stationTimes'),
    amountsTitle: L(locale, 'amounts'),
    footer: L(locale, 'trainFooter', { agency: party.agencyName }),
  };
}

/**
 * The e-ticket PDF of a train order the caller may read (404 otherwise, as its detail), in
 * `locale`; 409 DOCUMENT_NOT_READY unless the order is ticketed.
 */
export async function trainETicket(
  deps: DocumentDeps,
  ctx: RequestContext,
  id: string,
  locale: Locale,
): Promise<RenderedDocument> {
  const order = await visibleTrainOrder(deps.db, ctx, id);
  if (!trainETicketReady(order)) throw new AppError('DOCUMENT_NOT_READY');
  const party = await partyOf(deps, order.agencyId);
  const kind = { kind: 'trainETicket', bookingNumber: order.bookingNumber, ascii: 'train-e-ticket' } as const;
  return drawOrderDocument(party, locale, kind, (doc, title) => {
    const model = trainETicketModel(order, party, locale, title);
    drawTop(doc, model.top);
    drawTable(doc, model.journey);
    drawNote(doc, model.stationTimes);
    drawTable(doc, model.passengers);
    drawSums(doc, model.amountsTitle, model.amounts, model.total, model.paid);
    drawFooter(doc, model);
  });
}
