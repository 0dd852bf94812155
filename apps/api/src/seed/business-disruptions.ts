import type { OfferSegment, ScheduleEvent } from '../modules/shopping/index';
import { notifyOrderEvent } from '../modules/notifications/index';
import type { NotificationKind } from '../modules/notifications/notifications.schema';
import { recordScheduleEvent } from '../modules/flight-orders/after-sales/disruptions';
import { DAY_MS, MINUTE_MS, type FlightHistory, type PlannedOrder } from './business-context';

/** The airlines' schedule changes of the quarter on issued bookings still to fly: (type, minutes moved). */
const DISRUPTIONS: readonly { type: ScheduleEvent['type']; minutes: number }[] = [
  { type: 'change', minutes: 95 },
  { type: 'change', minutes: -50 },
  { type: 'change', minutes: 140 },
  { type: 'cancel_protected', minutes: 24 * 60 },
  { type: 'cancel_unprotected', minutes: 0 },
];

function shifted(segment: OfferSegment, minutes: number): OfferSegment {
  const move = (iso: string) => new Date(Date.parse(iso) + minutes * MINUTE_MS).toISOString();
  const local = (text: string) =>
    new Date(Date.parse(`${text}Z`) + minutes * MINUTE_MS).toISOString().slice(0, text.length);
  return {
    ...segment,
    departureUtc: move(segment.departureUtc),
    arrivalUtc: move(segment.arrivalUtc),
    departureLocal: local(segment.departureLocal),
    arrivalLocal: local(segment.arrivalLocal),
  };
}

/**
 * A few schedule changes and cancellations the airlines sent on issued bookings that fly after
 * now, recorded as the disruption scan records a supplier's event (`recordScheduleEvent`: the
 * disruption, the order's new times and timeline row, the agency's notices), a few days ago.
 */
export function planDisruptions(h: FlightHistory, pool: readonly PlannedOrder[]): void {
  const now = h.now.getTime();
  const flying = pool.filter((o) => o.departureAt.getTime() > now + 3 * DAY_MS && o.agencyId === 1);
  DISRUPTIONS.forEach((d, i) => {
    const order = flying[Math.floor(((i + 0.5) * flying.length) / DISRUPTIONS.length)];
    const segment = order?.offer.legs[0]?.segments[0];
    if (!order || !segment) return;
    const at = new Date(now - h.rng.int(1, 4) * DAY_MS - h.rng.int(0, 600) * MINUTE_MS);
    const event: ScheduleEvent = {
      ref: `DEMO-SC-${order.bookingNumber}-${i}`,
      type: d.type,
      segmentIndex: 0,
      segment: d.type === 'cancel_unprotected' ? null : shifted(segment, d.minutes),
    };
    h.afterInsert.push(async (tx) => {
      await recordScheduleEvent(tx, order.id, order.supplier, event, at);
    });
  });
}

/** The notice each status a recent order reached sent (`notifyOrderEvent`'s kinds). */
const NOTICE_OF: Partial<Record<string, NotificationKind>> = {
  issued: 'order.issued',
  failed_reimbursed: 'order.ticketing_failed',
  rfd_reviewing: 'refund.requested',
  rfd_to_be_confirm: 'refund.quoted',
  refunded_reimbursed: 'refund.completed',
  voided_reimbursed: 'void.completed',
  chg_reviewing: 'change.requested',
  chg_to_be_paid: 'change.quoted',
  changed: 'change.completed',
  change_canceled: 'change.canceled',
};

/** The notices whose e-mail says where the money went. */
const MONEY_BACK = new Set<NotificationKind>([
  'order.ticketing_failed',
  'refund.completed',
  'void.completed',
]);

/**
 * The notices and e-mails of the last days' order events, recorded as the order flows record
 * them (`notifyOrderEvent`: in-app notices for the booker and the agency's super admins, the
 * e-mail to the contact in the agency's e-mail language, delivered by its job after the start).
 */
export function planNotices(h: FlightHistory, days = 3): void {
  const since = h.now.getTime() - days * DAY_MS;
  const byId = new Map(h.orders.map((o) => [o.id, o]));
  const recent = h.events.filter((e) => e.at.getTime() >= since && NOTICE_OF[e.toStatus]);
  h.afterInsert.push(async (tx, rows) => {
    for (const e of recent) {
      const kind = NOTICE_OF[e.toStatus];
      const row = rows.get(e.orderId);
      if (!kind || !row || !byId.has(e.orderId)) continue;
      // The seeded business pays from the balance: what goes back goes to the wallet.
      const params: Record<string, string> = MONEY_BACK.has(kind) ? { moneyTo: 'wallet' } : {};
      await notifyOrderEvent(tx, { kind, order: { ...row, status: e.toStatus }, at: e.at, params });
    }
  });
}
