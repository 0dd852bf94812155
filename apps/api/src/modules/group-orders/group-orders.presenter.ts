import {
  type GroupOrder,
  type GroupOrderListItem,
  type GroupQuote,
  type InstalmentState,
} from '@portal/domain/group-order';
import {
  allowedGroupActions,
  groupStatusColor,
  type PassengerListState,
} from '@portal/domain/group-order-status';
import type { PaymentChannel } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { money } from '../wallet/index';
import { groupActionSubject } from './action-subject';
import { passengerListState } from './passenger-list/passenger-list.repo';
import { listGroupEvents, listInstalments, listQuotes } from './group-orders.repo';
import type { GroupInstalmentRow, GroupOrderRow, GroupQuoteRow } from './group-orders.schema';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function presentQuote(row: GroupQuoteRow, currency: string): GroupQuote {
  return {
    id: row.id,
    state: row.state,
    flights: row.flights,
    fares: row.fares.map((f) => ({
      passengerType: f.passengerType,
      count: f.count,
      fare: money(f.fareMinor, currency),
      taxes: money(f.taxesMinor, currency),
    })),
    baggage: row.baggage,
    total: money(row.totalMinor, currency),
    confirmBy: row.confirmBy.toISOString(),
    passengerListDeadline: row.passengerListDeadline.toISOString(),
    instalments: row.plan.map((p) => ({
      n: p.n,
      kind: p.kind,
      amount: money(p.amountMinor, currency),
      deadline: new Date(p.deadline).toISOString(),
    })),
    quotedAt: row.quotedAt.toISOString(),
  };
}

/** Money paid so far and, once the order failed or was canceled, the deposits the desk keeps. */
export function paidAndKept(
  order: Pick<GroupOrderRow, 'status' | 'currency' | 'pickedQuoteId'>,
  instalments: readonly Pick<GroupInstalmentRow, 'paidAt' | 'amountMinor'>[],
) {
  if (!order.pickedQuoteId && instalments.length === 0) return { paidTotal: null, depositsKept: null };
  const paid = instalments.filter((i) => i.paidAt !== null).reduce((sum, i) => sum + i.amountMinor, 0);
  const ended = order.status === 'failed' || order.status === 'canceled' || order.status === 'closed';
  return {
    paidTotal: money(paid, order.currency),
    depositsKept: ended && paid > 0 ? money(paid, order.currency) : null,
  };
}

/** The confirm-by shown and checked: the picked quote's, else the latest of the open quotes. */
export function effectiveConfirmBy(order: GroupOrderRow, quotes: readonly GroupQuoteRow[]): Date | null {
  if (order.confirmBy) return order.confirmBy;
  const open = quotes.filter((q) => q.state === 'open').map((q) => q.confirmBy.getTime());
  return open.length > 0 ? new Date(Math.max(...open)) : null;
}

/** Paid, missed (the order failed with it unpaid) or still due. */
export function instalmentState(i: Pick<GroupInstalmentRow, 'paidAt' | 'missedAt'>): InstalmentState {
  return i.paidAt ? 'paid' : i.missedAt ? 'missed' : 'unpaid';
}

/** The whole order: request, quotes, instalments, payments, passenger list state, timeline, actions. */
export async function presentGroupOrder(db: Db, order: GroupOrderRow, now: Date): Promise<GroupOrder> {
  const [quotes, instalments, events, list] = [
    await listQuotes(db, order.id),
    await listInstalments(db, order.id),
    await listGroupEvents(db, order.id),
    await passengerListState(db, order.id),
  ];
  const confirmBy = effectiveConfirmBy(order, quotes);
  const visibleQuotes = quotes.filter((q) => q.state !== 'withdrawn' || q.id === order.pickedQuoteId);
  return {
    id: order.id,
    bookingNumber: order.bookingNumber,
    status: order.status,
    statusColor: groupStatusColor(order.status),
    request: {
      journeys: order.request.journeys.map((j) => ({
        origin: j.origin,
        destination: j.destination,
        date: j.date,
        returnDate: j.returnDate ?? null,
        remark: j.remark ?? null,
      })),
      isChangeDate: order.request.isChangeDate,
      acceptChangeFlight: order.request.acceptChangeFlight,
      passengers: order.request.passengers,
    },
    quotes: visibleQuotes.map((q) => presentQuote(q, order.currency)),
    pickedQuoteId: order.pickedQuoteId,
    confirmBy: iso(confirmBy),
    instalments: instalments.map((i) => ({
      n: i.n,
      kind: i.kind,
      amount: money(i.amountMinor, i.currency),
      deadline: i.deadline.toISOString(),
      state: instalmentState(i),
      paidAt: iso(i.paidAt),
      channel: (i.channel as PaymentChannel | null) ?? null,
      paymentReference: i.paymentReference,
    })),
    ...paidAndKept(order, instalments),
    passengerList: { state: list, deadline: iso(order.passengerListDeadline) },
    tickets: order.tickets,
    failureReason: order.failureReason,
    cancelReason: order.cancelReason,
    createdAt: order.createdAt.toISOString(),
    timeline: events.map((e) => ({
      event: e.event,
      status: e.status,
      at: e.at.toISOString(),
      params: e.params,
    })),
    allowedActions: allowedGroupActions(groupActionSubject(order, confirmBy, instalments, list), now),
  };
}

/** The next deadline the agent must meet, if any. */
function nextDeadline(
  order: GroupOrderRow,
  confirmBy: Date | null,
  instalments: readonly GroupInstalmentRow[],
  list: PassengerListState,
): string | null {
  if (order.status === 'to_be_confirm') return iso(confirmBy);
  const due = instalments.find((i) => i.paidAt === null && i.missedAt === null);
  const candidates = [due?.deadline ?? null, list === 'confirmed' ? null : order.passengerListDeadline]
    .filter((d): d is Date => d !== null)
    .map((d) => d.getTime());
  const open = ['to_be_pay_first', 'to_be_pay_second', 'to_be_pay_third', 'to_be_paid_last_money'];
  if (!open.includes(order.status) || candidates.length === 0) return null;
  return new Date(Math.min(...candidates)).toISOString();
}

/** One list row (reads the order's quotes, instalments and passenger list state). */
export async function presentGroupListItem(
  db: Db,
  order: GroupOrderRow,
  now: Date,
): Promise<GroupOrderListItem> {
  const quotes = await listQuotes(db, order.id);
  const instalments = await listInstalments(db, order.id);
  const list = await passengerListState(db, order.id);
  const confirmBy = effectiveConfirmBy(order, quotes);
  const picked = quotes.find((q) => q.id === order.pickedQuoteId);
  const p = order.request.passengers;
  return {
    id: order.id,
    bookingNumber: order.bookingNumber,
    status: order.status,
    statusColor: groupStatusColor(order.status),
    confirmBy: iso(confirmBy),
    ...paidAndKept(order, instalments),
    createdAt: order.createdAt.toISOString(),
    allowedActions: allowedGroupActions(groupActionSubject(order, confirmBy, instalments, list), now),
    route: order.request.journeys.map((j) => `${j.origin}-${j.destination}`).join(', '),
    firstDate: order.request.journeys[0]?.date ?? '',
    passengerCount: p.adult + p.child + p.infant,
    total: picked ? money(picked.totalMinor, order.currency) : null,
    nextDeadline: nextDeadline(order, confirmBy, instalments, list),
  };
}
