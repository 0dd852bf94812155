import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Disruption, DisruptionList } from '@portal/domain/disruptions';
import { presentTimelineNote } from '@portal/domain/timeline-notes';
import { jobs } from '../../../platform/jobs.schema';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { orderEvents, flightOrders } from '../flight-orders.schema';
import { UNLIMITED_BOOKINGS } from '../flight-orders.test-helpers';
import { notifications } from '../../notifications/index';
import { simulatedScheduleEvents, SCHEDULE_EVENT_SHARE } from '../../../simulation/flight/schedule-events';
import { SimulatedSupplier } from '../../../simulation/flight/simulated-supplier';
import type { Offer, ScheduleEvent } from '../../shopping/index';
import { afterTicketing, getOrder, issuedOrder } from './after-sales.test-helpers';
import { flightDisruptions } from './after-sales.schema';
import { DISRUPTION_SCAN_JOB, pendingScans, queueDisruptionScan } from './disruption-jobs';
import { setCommonConfig } from '../../../test/agency-config';
import { DEFAULT_AGENCY_TIME_ZONE } from '@portal/domain/time-zone';
import { localDate } from '../../../platform/time-zones';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
let app: FastifyInstance;

beforeAll(async () => {
  app = await t.build({}, undefined, { limits: UNLIMITED_BOOKINGS });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function raise(payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/__test/disruptions', payload });
}

async function raised(payload: Record<string, unknown>): Promise<Disruption> {
  const res = await raise(payload);
  if (res.statusCode !== 200) throw new Error(`not raised: ${res.body}`);
  return Disruption.parse(body(res).data);
}

function act(token: string, id: string, action: 'acknowledge' | 'accept' | 'refund') {
  return app.inject({
    method: 'POST',
    url: `/order/v2/flight/disruptions/${id}/${action}`,
    headers: bearer(token),
  });
}

async function list(token: string, query = '') {
  const res = await app.inject({ url: `/order/v2/flight/disruptions${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return DisruptionList.parse(body(res).data);
}

async function storedOrder(id: string) {
  const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, id));
  if (!row) throw new Error('no order');
  return row;
}

const timelineNotes = async (orderId: string) =>
  (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map(
    (e) => presentTimelineNote(e.note).note,
  );

describe('raising disruptions by the test hook', () => {
  it('moves the segment of a schedule change, keeps the old times, writes the timeline and notifies', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const before = await storedOrder(order.id);
    const segment = before.offer.legs[0]?.segments[0];
    if (!segment) throw new Error('no segment');

    const d = await raised({ orderId: order.id, type: 'change', segmentIndex: 0, minutes: 95 });
    expect(d).toMatchObject({ type: 'change', status: 'open', bookingNumber: order.bookingNumber });
    expect(d.allowedActions).toEqual(['acknowledge']);
    expect(d.before.departureUtc).toBe(new Date(segment.departureUtc).toISOString());
    expect(Date.parse(d.after?.departureUtc ?? '') - Date.parse(d.before.departureUtc)).toBe(95 * 60_000);

    const after = await storedOrder(order.id);
    expect(after.status).toBe('issued');
    expect(after.offer.legs[0]?.segments[0]?.departureUtc).toBe(d.after?.departureUtc);
    expect(after.solution.legs[0]?.segments[0]?.departure.time).toBe(d.after?.departureLocal);
    expect(after.departureAt.toISOString()).toBe(d.after?.departureUtc);
    const detail = await getOrder(app, token, order.id);
    expect(detail.segments[0]?.departure.time).toBe(d.after?.departureLocal);
    expect(detail.timeline.at(-1)).toMatchObject({ status: 'issued' });
    expect(detail.timeline.at(-1)?.note).toContain('Schedule change');

    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.kind, 'disruption.raised')));
    expect(notices.length).toBeGreaterThan(0);
  });

  it('keeps the flights of a cancellation without protection and offers only acknowledging', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const before = await storedOrder(order.id);
    const d = await raised({ orderId: order.id, type: 'cancel_unprotected', segmentIndex: 0 });
    expect(d).toMatchObject({ type: 'cancel_unprotected', after: null, allowedActions: ['acknowledge'] });
    expect((await storedOrder(order.id)).offer).toEqual(before.offer);
    expect((await timelineNotes(order.id)).at(-1)).toContain('no protection');
  });

  it('refuses an order without tickets and a segment the order does not have', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    expect((await raise({ orderId: order.id, type: 'change', segmentIndex: 7 })).statusCode).toBe(400);
    await t.database.db.update(flightOrders).set({ status: 'closed' }).where(eq(flightOrders.id, order.id));
    expect((await raise({ orderId: order.id, type: 'change', segmentIndex: 0 })).statusCode).toBe(400);
    expect(await t.database.db.select().from(flightDisruptions)).toEqual([]);
  });
});

describe('the disruption scan', () => {
  it('is queued when the server starts listening, not when the app is only built', async () => {
    const server = await t.build();
    expect(await pendingScans(t.database.db)).toBe(0);
    await server.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => pendingScans(t.database.db)).toBe(1);
  });

  it('is queued once however often it is asked, and queues its next run', async () => {
    const now = new Date();
    await queueDisruptionScan(t.database.db, now);
    await queueDisruptionScan(t.database.db, now);
    expect(await pendingScans(t.database.db)).toBe(1);
    await app.runDueJobs(new Date(now.getTime() + 1000));
    const waiting = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, DISRUPTION_SCAN_JOB)));
    expect(waiting.filter((j) => j.doneAt === null)).toHaveLength(1);
    expect(waiting.filter((j) => j.doneAt !== null)).toHaveLength(1);
  });

  it('stores what the supplier reports once, however many scans see it', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const spy = vi
      .spyOn(SimulatedSupplier.prototype, 'scheduleEvents')
      .mockImplementation(async (offer: Offer): Promise<ScheduleEvent[]> => {
        const segment = offer.legs[0]?.segments[0];
        if (!segment) return [];
        return [{ ref: 'SC-ONE', type: 'restore', segmentIndex: 0, segment }];
      });
    const at = afterTicketing();
    await queueDisruptionScan(t.database.db, at);
    await app.runDueJobs(at);
    await queueDisruptionScan(t.database.db, new Date(at.getTime() + 1));
    await app.runDueJobs(new Date(at.getTime() + 24 * 3_600_000));
    expect(spy).toHaveBeenCalled();
    const rows = await t.database.db.select().from(flightDisruptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId: order.id, type: 'restore', status: 'open' });
    expect((await timelineNotes(order.id)).filter((n) => n?.startsWith('Flight restored'))).toHaveLength(1);
    expect((await list(token)).list.map((d) => d.orderId)).toEqual([order.id]);
  });

  it('raises the same event for the same booking every time, on a share of bookings only', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const stored = await storedOrder(order.id);
    const supplier = { name: 'sim', search: async () => [] as Offer[] };
    const signal = new AbortController().signal;
    const pnrs = Array.from({ length: 200 }, (_, i) => `P${String(i).padStart(5, '0')}`);
    const answers = await Promise.all(
      pnrs.map((pnr) => simulatedScheduleEvents(supplier, 'seed', stored.offer, pnr, signal)),
    );
    const again = await Promise.all(
      pnrs.map((pnr) => simulatedScheduleEvents(supplier, 'seed', stored.offer, pnr, signal)),
    );
    expect(again).toEqual(answers);
    const disrupted = answers.filter((a) => a.length > 0).length;
    expect(disrupted).toBeGreaterThan(200 * SCHEDULE_EVENT_SHARE * 0.5);
    expect(disrupted).toBeLessThan(200 * SCHEDULE_EVENT_SHARE * 1.5);
  });
});

describe('the disruption list and an order’s disruptions', () => {
  it('filters by type, status, raised date and booking number, pages, and stays in the agency', async () => {
    const token = await login(app);
    const first = await issuedOrder(app, token);
    const second = await issuedOrder(app, token);
    const a = await raised({ orderId: first.id, type: 'change', segmentIndex: 0, minutes: 30 });
    await raised({ orderId: second.id, type: 'cancel_unprotected', segmentIndex: 0 });
    await raised({ orderId: second.id, type: 'cancel_protected', segmentIndex: 0 });
    expect(await act(token, a.id, 'acknowledge').then((r) => r.statusCode)).toBe(200);

    const all = await list(token);
    expect(all.total).toBe(3);
    expect(all.list[0]?.type).toBe('cancel_protected');
    expect(all.list[0]?.passengerNames).toEqual(['ZHANG/WEI']);
    expect(all.list[0]?.route).toMatch(/^[A-Z]{3}-[A-Z]{3}/);
    expect((await list(token, '?type=change')).list.map((d) => d.id)).toEqual([a.id]);
    expect((await list(token, '?status=acknowledged')).list.map((d) => d.id)).toEqual([a.id]);
    expect((await list(token, '?status=open')).total).toBe(2);
    expect((await list(token, `?bookingNumber=${second.bookingNumber.slice(-6)}`)).total).toBe(2);
    const today = localDate(new Date(), DEFAULT_AGENCY_TIME_ZONE);
    expect((await list(token, `?dateFrom=${today}&dateTo=${today}`)).total).toBe(3);
    expect((await list(token, '?dateFrom=2020-01-01&dateTo=2020-01-02')).total).toBe(0);
    const page2 = await list(token, '?page=2&pageSize=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.list).toHaveLength(1);
    const bad = await app.inject({ url: '/order/v2/flight/disruptions?type=storm', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);

    const forOrder = await app.inject({
      url: `/order/v2/flight/orders/${second.id}/disruptions`,
      headers: bearer(token),
    });
    expect(forOrder.statusCode).toBe(200);
    expect(
      Disruption.array()
        .parse(body(forOrder).data)
        .map((d) => d.type),
    ).toEqual(['cancel_protected', 'cancel_unprotected']);

    const other = await login(app, 'subop');
    expect((await list(other)).total).toBe(0);
    const foreign = await app.inject({
      url: `/order/v2/flight/orders/${second.id}/disruptions`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await act(other, a.id, 'acknowledge')).statusCode).toBe(404);
  });

  it('shows only the user’s own orders’ disruptions when the agency says so', async () => {
    const admin = await login(app);
    const order = await issuedOrder(app, admin);
    const d = await raised({ orderId: order.id, type: 'change', segmentIndex: 0 });
    await setCommonConfig(t.database.db, 1, { onlyShowOwnOrders: true });
    const operator = await login(app, 'operator');
    expect((await list(operator)).total).toBe(0);
    expect((await act(operator, d.id, 'acknowledge')).statusCode).toBe(404);
    expect((await list(admin)).total).toBe(1);
  });

  it('needs the flight service', async () => {
    const trainop = await login(app, 'trainop');
    const res = await app.inject({ url: '/order/v2/flight/disruptions', headers: bearer(trainop) });
    expect(res.statusCode).toBe(403);
  });
});

describe('answering a disruption', () => {
  it('acknowledges once; a repeat is 409 and changes nothing', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const d = await raised({ orderId: order.id, type: 'change', segmentIndex: 0 });
    const res = await act(token, d.id, 'acknowledge');
    expect(res.statusCode).toBe(200);
    const acked = Disruption.parse(body(res).data);
    expect(acked).toMatchObject({ status: 'acknowledged', allowedActions: [] });
    expect(acked.acknowledgedAt).not.toBeNull();
    const again = await act(token, d.id, 'acknowledge');
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe(500031);
    expect((await act(token, d.id, 'accept')).statusCode).toBe(409);
    expect((await act(token, '00000000-0000-4000-8000-000000000000', 'acknowledge')).statusCode).toBe(404);
  });

  it('accepts the protected flight: the order flies it, with a timeline row, once', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const d = await raised({ orderId: order.id, type: 'cancel_protected', segmentIndex: 0 });
    expect(d.allowedActions).toEqual(['acknowledge', 'accept', 'refund']);
    const protectedFlight = d.after;
    if (!protectedFlight) throw new Error('no protected flight');
    expect(protectedFlight.departureUtc > d.before.departureUtc).toBe(true);
    // Raising it changed nothing yet.
    expect((await storedOrder(order.id)).flightNumbers).toBe(order.flightNumbers.join('|'));

    const res = await act(token, d.id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(Disruption.parse(body(res).data)).toMatchObject({ status: 'accepted', allowedActions: [] });
    const moved = await getOrder(app, token, order.id);
    expect(moved.status).toBe('issued');
    expect(moved.flightNumbers[0]).toBe(protectedFlight.flightNumber);
    expect(moved.segments[0]?.departure.time).toBe(protectedFlight.departureLocal);
    expect(moved.timeline.at(-1)?.note).toContain('Protected flight accepted');
    const row = await storedOrder(order.id);
    expect(row.offer.legs[0]?.segments[0]?.departureUtc).toBe(protectedFlight.departureUtc);
    expect(row.departureAt.toISOString()).toBe(protectedFlight.departureUtc);
    expect(row.flightNumbers).toBe(protectedFlight.flightNumber);

    expect((await act(token, d.id, 'accept')).statusCode).toBe(409);
    expect((await act(token, d.id, 'refund')).statusCode).toBe(409);
    const notes = await timelineNotes(order.id);
    expect(notes.filter((n) => n?.startsWith('Protected flight accepted'))).toHaveLength(1);
  });

  it('answers 20 concurrent acceptances once', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const d = await raised({ orderId: order.id, type: 'cancel_protected', segmentIndex: 0 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(token, d.id, 'accept')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await timelineNotes(order.id)).filter((n) => n?.startsWith('Protected'))).toHaveLength(1);
  });

  it('refuses accepting and refunding a disruption that is not a protected cancellation', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const d = await raised({ orderId: order.id, type: 'cancel_unprotected', segmentIndex: 0 });
    expect((await act(token, d.id, 'accept')).statusCode).toBe(409);
    expect((await act(token, d.id, 'refund')).statusCode).toBe(409);
    expect((await act(token, d.id, 'acknowledge')).statusCode).toBe(200);
  });

  it('asks a refund of the canceled segment instead, with the involuntary reason and no supplier fee, once', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token, { adults: 2 });
    const d = await raised({ orderId: order.id, type: 'cancel_protected', segmentIndex: 0 });
    expect((await act(token, d.id, 'acknowledge')).statusCode).toBe(200);
    const res = await act(token, d.id, 'refund');
    expect(res.statusCode).toBe(200);
    const answered = Disruption.parse(body(res).data);
    expect(answered).toMatchObject({ status: 'refund_requested', allowedActions: [] });
    const refundId = answered.refundOrderId;
    if (!refundId) throw new Error('no refund order');

    const refund = await storedOrder(refundId);
    expect(refund).toMatchObject({ type: 'refund', status: 'rfd_reviewing', originalBookingId: order.id });
    expect(refund.afterSales).toMatchObject({
      selection: { passengerIds: order.passengers.map((p) => p.id), segmentIndexes: [0] },
      refundReason: { value: 2, subOption: 'cancellation' },
      disruptionId: d.id,
    });
    // The protected flight was not taken: the order keeps its flights and stays issued.
    const original = await storedOrder(order.id);
    expect(original.status).toBe('issued');
    expect(original.flightNumbers).toBe(order.flightNumbers.join('|'));
    expect((await timelineNotes(order.id)).at(-1)).toContain(refund.bookingNumber);

    await app.runDueJobs(new Date(Date.now() + 6 * 3_600_000));
    const quoted = await storedOrder(refundId);
    expect(quoted.status).toBe('rfd_to_be_confirm');
    expect(quoted.afterSales?.quote?.refundFeeMinor).toBe(0);

    expect((await act(token, d.id, 'refund')).statusCode).toBe(409);
    expect((await act(token, d.id, 'accept')).statusCode).toBe(409);
    const refunds = await t.database.db.select().from(flightOrders).where(eq(flightOrders.type, 'refund'));
    expect(refunds).toHaveLength(1);
  });
});
