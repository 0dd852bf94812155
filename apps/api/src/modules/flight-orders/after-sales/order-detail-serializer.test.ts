import { eq } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { FLIGHT_ORDER_STATUSES, ORDER_TYPES } from '@portal/domain/flight-order-status';
import { FlightOrder, type PaymentIssue } from '@portal/domain/flight-order';
import { encodeTimelineNote, TIMELINE_NOTE_KEYS } from '@portal/domain/timeline-notes';
import { envelope, projectingSerializerCompiler } from '../../../platform/schema';
import { body, login, useTestApp } from '../../../test/app';
import { presentOrder, type OrderLinks } from '../flight-orders.presenter';
import { flightOrders, type FlightOrderRow, type OrderEventRow } from '../flight-orders.schema';
import { bookOne } from '../flight-orders.test-helpers';
import { findOrder } from '../flight-orders.repo';
import { presentFullOrder } from './after-sales.presenter';
import { issuedOrder } from './after-sales.test-helpers';
import type { AncillaryRow } from '../order-ancillaries.schema';

const t = useTestApp();

const route = { schema: envelope(FlightOrder), method: 'GET', url: '/x', httpStatus: '200' };
const compiled = projectingSerializerCompiler(route);
const encoder = serializerCompiler(route);

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 10, 30, 12) + hours * HOUR);

/** A timeline: a keyed note with values, one without, a supplier's free text, no note. */
function eventsOf(order: FlightOrderRow, n: number): OrderEventRow[] {
  const notes = [
    encodeTimelineNote({ key: 'moneyReturnedToCard', params: { channel: 'stripe' } }),
    encodeTimelineNote({ key: TIMELINE_NOTE_KEYS[n % TIMELINE_NOTE_KEYS.length] ?? 'ticketsIssued' }),
    'Supplier said: "no seats" \\ retry\tlater \u2028 张伟',
    null,
  ];
  return Array.from({ length: n % 5 }, (_, i) => ({
    id: i + 1,
    orderId: order.id,
    fromStatus: null,
    toStatus: FLIGHT_ORDER_STATUSES[(n + i) % FLIGHT_ORDER_STATUSES.length] ?? 'to_be_paid',
    at: at(i),
    note: notes[(n + i) % notes.length] ?? null,
  }));
}

function ancillaryRows(order: FlightOrderRow, n: number): AncillaryRow[] {
  const base = {
    orderId: order.id,
    purchaseOrderId: null,
    passengerIndex: 0,
    segmentIndexes: [0],
    serviceId: null,
    currency: 'CNY',
    priceMinor: 12_000,
    costCurrency: 'CNY',
    costMinor: 10_000,
    createdAt: at(0),
  };
  return [
    {
      ...base,
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'seat',
      designator: '12A',
      quantity: 1,
      weightKg: null,
      status: 'booked',
    },
    {
      ...base,
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'bag',
      designator: null,
      quantity: 2,
      weightKg: 23,
      status: n % 2 ? 'booked' : 'refunded',
    },
  ];
}

const PAYMENT_ISSUES: (PaymentIssue | null | undefined)[] = [
  undefined,
  null,
  { channel: 'stripe', refundedOutside: { amount: '100.00', currency: 'CNY' }, dispute: null },
  {
    channel: 'stripe',
    refundedOutside: null,
    dispute: {
      state: 'open',
      reason: 'fraudulent',
      amount: { amount: '840.00', currency: 'CNY' },
      fundsWithdrawn: true,
      openedAt: at(2).toISOString(),
    },
  },
];

/** The `n`th variant of a booked order: type, status, after-sales request, deadlines, links. */
function variant(
  row: FlightOrderRow,
  n: number,
): { row: FlightOrderRow; events: OrderEventRow[]; links: OrderLinks } {
  const type = ORDER_TYPES[n % ORDER_TYPES.length] ?? 'origin';
  const status =
    FLIGHT_ORDER_STATUSES[Math.floor(n / ORDER_TYPES.length) % FLIGHT_ORDER_STATUSES.length] ?? 'to_be_paid';
  const quote = {
    currency: 'CNY',
    paidMinor: 84_000,
    priceDifferenceMinor: n % 3 ? 5_000 : 0,
    taxDifferenceMinor: 1_000,
    changeFeeMinor: 2_000,
    refundFeeMinor: 3_000,
    serviceFeeMinor: 500,
    refundableTotalMinor: 80_500,
    amountDueMinor: 8_500,
  };
  const paid = n % 2 === 0;
  const passengers = row.passengers.map((p, i) => ({
    ...p,
    ticketNumbers: n % 3 === 0 ? [] : [`781-23456789${String(i).padStart(2, '0')}`],
    frequentFlyer: n % 4 === 0 ? { airline: 'CA', number: 'CA123456' } : p.frequentFlyer,
  }));
  return {
    row: {
      ...row,
      type,
      status,
      originalBookingId: type === 'origin' ? null : '00000000-0000-4000-8000-0000000000aa',
      passengers,
      remark: n % 2 ? null : 'window "seat" please',
      paymentState: paid ? 'paid' : 'unpaid',
      paymentChannel: paid ? (n % 4 === 0 ? 'wallet' : 'stripe') : null,
      paidAt: paid ? at(1) : null,
      paymentDeadline: n % 3 === 1 ? null : at(2),
      voidDeadline: n % 5 === 0 ? at(-1) : n % 5 === 1 ? at(30) : null,
      confirmDeadline: type === 'refund' && n % 2 ? at(24) : null,
      prices: { ...row.prices, ancillariesMinor: n % 3 === 2 ? 24_000 : undefined },
      afterSales:
        type === 'origin'
          ? null
          : {
              selection: { passengerIds: passengers.map((p) => p.id), segmentIndexes: [0] },
              refundReason:
                type === 'refund' ? { value: 1 + (n % 3), subOption: n % 2 ? 'illness' : null } : null,
              changeReason: type === 'change' ? 1 : null,
              remark: n % 2 ? 'asked by phone' : null,
              quote: n % 3 === 0 ? null : quote,
              rejectReason: n % 7 === 0 ? 'fare rules' : null,
            },
    } as FlightOrderRow,
    events: eventsOf(row, n),
    links: {
      related:
        n % 2
          ? [
              {
                id: '00000000-0000-4000-8000-0000000000bb',
                bookingNumber: 'F20261130000001',
                type: 'refund',
                status: 'rfd_to_be_confirm',
                bookingTime: at(3).toISOString(),
              },
            ]
          : [],
      claimedTickets: n % 7 === 0 ? 1 : 0,
      ...(n % 3 === 0 ? {} : { disruptionOnRecord: n % 2 === 0 }),
      ...(n % 4 === 3 ? {} : { ancillaries: n % 4 === 0 ? [] : ancillaryRows(row, n) }),
      ...(PAYMENT_ISSUES[n % PAYMENT_ISSUES.length] === undefined
        ? {}
        : { paymentIssue: PAYMENT_ISSUES[n % PAYMENT_ISSUES.length] }),
    },
  };
}

describe('the order detail written by the compiled serializer', () => {
  it('compiles the FlightOrder answer (records and strict objects included), not the zod encoder', () => {
    expect(compiled.toString()).not.toContain('safeEncode');
    expect(compiled.toString()).not.toBe(encoder.toString());
  });

  it('writes the bytes of the zod encoder for every type, status, timeline, link, ancillary and payment issue', async () => {
    const token = await login(t.app);
    const booked = await bookOne(t.app, token);
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, booked.id));
    if (!row) throw new Error('no booked row');
    const count = ORDER_TYPES.length * FLIGHT_ORDER_STATUSES.length * 4;
    const seen = { keyedParams: 0, disputes: 0, quotes: 0, ancillaries: 0, voluntary: 0 };
    for (let n = 0; n < count; n++) {
      const v = variant(row, n);
      const order = presentOrder(v.row, v.events, at(0), v.links);
      const answer = { code: 0, data: order, message: 'ok' };
      expect(compiled(answer), `variant ${n}`).toBe(encoder(answer));
      if (order.timeline.some((e) => e.noteParams)) seen.keyedParams++;
      if (order.paymentIssue?.dispute) seen.disputes++;
      if (order.afterSales?.quote) seen.quotes++;
      if (order.ancillaries?.length) seen.ancillaries++;
      if (order.voluntaryAfterSales) seen.voluntary++;
    }
    for (const [what, times] of Object.entries(seen)) expect(times, what).toBeGreaterThan(0);
  });

  it('answers the route with the same bytes the zod encoder writes', async () => {
    const token = await login(t.app);
    const booked = await bookOne(t.app, token);
    const res = await t.app.inject({
      url: `/order/v2/flight/orders/${booked.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(encoder(body(res)));
  });

  it('reads by id and booking number in one statement what findOrder and presentFullOrder read, links and all', async () => {
    const token = await login(t.app);
    const issued = await issuedOrder(t.app, token);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${issued.id}/refund`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        selection: { passengerIds: issued.passengers.map((p) => p.id), segmentIndexes: [0] },
        reason: { value: 0 },
      },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refundId = (body(refund).data as { id: string }).id;
    const booked = await bookOne(t.app, token);
    const agencyId = (await findOrder(t.database.db, 1, issued.id))?.agencyId ?? 1;
    for (const order of [issued, booked, { id: refundId, bookingNumber: '' }]) {
      const row = await findOrder(t.database.db, agencyId, order.id);
      if (!row) throw new Error('order not found');
      const expected = {
        code: 0,
        data: await presentFullOrder(t.database.db, row, new Date()),
        message: 'ok',
      };
      for (const key of [order.id, row.bookingNumber, row.bookingNumber.toLowerCase()]) {
        const res = await t.app.inject({
          url: `/order/v2/flight/orders/${key}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(200);
        const answer = body(res) as { data: FlightOrder };
        // Only the actions may move with the clock between the two reads.
        expect({ ...answer, message: 'ok' }).toEqual({
          ...expected,
          data: { ...expected.data, allowedActions: answer.data.allowedActions },
        });
      }
    }
    const refundPage = body(
      await t.app.inject({
        url: `/order/v2/flight/orders/${refundId}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    ) as { data: FlightOrder };
    expect(refundPage.data.relatedOrders.map((o) => o.id)).toEqual([issued.id]);
    const originalPage = body(
      await t.app.inject({
        url: `/order/v2/flight/orders/${issued.id}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    ) as { data: FlightOrder };
    expect(originalPage.data.relatedOrders.map((o) => o.id)).toEqual([refundId]);
    expect(originalPage.data.timeline.length).toBeGreaterThan(1);
  });
});
