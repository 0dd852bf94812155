import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FlightOrder, FlightOrderList, StatusCount } from '@portal/domain/flight-order';
import { users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { flightOrders } from './flight-orders.schema';
import { bookOne } from './flight-orders.test-helpers';
import { setAgencyTimeZone, setCommonConfig } from '../../test/agency-config';
import { DEFAULT_AGENCY_TIME_ZONE } from '@portal/domain/time-zone';
import { localDate } from '../../platform/time-zones';

const t = useTestApp();
const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const list = async (token: string, query = '') => {
  const res = await get(token, `/order/v2/flight/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return FlightOrderList.parse(body(res).data);
};

describe('reading flight orders', () => {
  it('finds an order by id and booking number; another agency gets 404 Booking does not exist', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    for (const key of [order.id, order.bookingNumber]) {
      const res = await get(token, `/order/v2/flight/orders/${key}`);
      expect(res.statusCode).toBe(200);
      expect(FlightOrder.parse(body(res).data).id).toBe(order.id);
    }
    const other = await login(t.app, 'subop');
    const res = await t.app.inject({
      url: `/order/v2/flight/orders/${order.id}`,
      headers: { ...bearer(other), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 500001, message: 'Booking does not exist' });
    expect((await list(other)).total).toBe(0);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/order/v2/flight/orders/${order.id}`,
      headers: bearer(other),
    });
    expect(cancel.statusCode).toBe(404);
    expect((await get(token, '/order/v2/flight/orders/F20990101000000')).statusCode).toBe(404);
  });

  it('lists with filters, paging and sort, and counts statuses for tabs and groups', async () => {
    const token = await login(t.app);
    const a = await bookOne(t.app, token);
    const b = await bookOne(t.app, token);
    const all = await list(token);
    expect(all.total).toBe(2);
    expect(all.list.map((o) => o.id)).toEqual([b.id, a.id]);
    const [first] = a.segments;
    // A one-way booking: every segment is on leg 0.
    expect(a.segmentLegs).toEqual(a.segments.map(() => 0));
    expect(all.list[1]).toMatchObject({
      bookingNumber: a.bookingNumber,
      status: 'to_be_paid',
      pnr: a.pnr,
      flightNumbers: a.flightNumbers,
      passengerNames: ['ZHANG/WEI'],
      route: `${first?.departure.airport}-${a.segments.at(-1)?.arrival.airport}`,
      firstDeparture: first?.departure.time,
      orderTotal: a.price.orderTotal,
      contactName: 'Zhang Wei',
      paymentState: 'unpaid',
      allowedActions: a.allowedActions,
    });
    const page2 = await list(token, '?pageSize=1&page=2&sort=bookingTime');
    expect(page2.list.map((o) => o.id)).toEqual([b.id]);
    expect(page2.total).toBe(2);

    expect((await list(token, `?bookingNumber=${a.bookingNumber}`)).list.map((o) => o.id)).toEqual([a.id]);
    const lower = a.bookingNumber.toLowerCase();
    expect((await list(token, `?bookingNumber=${lower}`)).list.map((o) => o.id)).toEqual([a.id]);
    const part = a.bookingNumber.slice(-8);
    expect((await list(token, `?bookingNumber=${part}`)).list.map((o) => o.id)).toContain(a.id);
    expect((await list(token, `?pnr=${a.pnr ?? ''}`)).total).toBeGreaterThanOrEqual(1);
    expect((await list(token, '?passenger=zhang')).total).toBe(2);
    expect((await list(token, '?passenger=nobody')).total).toBe(0);
    expect((await list(token, `?flightNumber=${a.flightNumbers[0] ?? ''}`)).list.map((o) => o.id)).toContain(
      a.id,
    );
    expect((await list(token, `?airline=${a.airline}`)).list.map((o) => o.id)).toContain(a.id);
    expect((await list(token, '?contact=zhang.wei@example')).total).toBe(2);
    expect((await list(token, '?type=refund')).total).toBe(0);
    expect((await list(token, '?dateTo=2000-01-01')).total).toBe(0);
    const today = localDate(new Date(), DEFAULT_AGENCY_TIME_ZONE);
    expect((await list(token, `?dateFrom=${today}&dateTo=${today}`)).total).toBe(2);
    expect((await list(token, '?status=to_be_paid')).total).toBe(2);
    expect((await list(token, '?status=issued')).total).toBe(0);
    expect((await get(token, '/order/v2/flight/orders?status=bogus')).statusCode).toBe(400);

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/order/v2/flight/orders/${a.id}`,
      headers: bearer(token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const canceled = FlightOrder.parse(body(cancel).data);
    expect(canceled.status).toBe('canceled');
    expect(canceled.allowedActions).toEqual([]);
    expect(canceled.timeline.map((e) => e.status)).toEqual(['to_be_paid', 'canceled']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/order/v2/flight/orders/${a.id}`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe(500002);

    const counts = await get(
      token,
      '/order/v2/flight/orders/status?status=to_be_paid,pending.to_be_paid,proceeding,canceled',
    );
    expect(counts.statusCode).toBe(200);
    expect(StatusCount.array().parse(body(counts).data)).toEqual([
      { status: 'to_be_paid', cnt: 1 },
      { status: 'pending.to_be_paid', cnt: 1 },
      { status: 'proceeding', cnt: 0 },
      { status: 'canceled', cnt: 1 },
    ]);
  });

  it('shows only own orders when the agency says so', async () => {
    const admin = await login(t.app);
    const order = await bookOne(t.app, admin);
    const operator = await login(t.app, 'operator');
    expect((await list(operator)).total).toBe(1);
    await setCommonConfig(t.database.db, 1, { onlyShowOwnOrders: true });
    const operatorAgain = await login(t.app, 'operator');
    expect((await list(operatorAgain)).total).toBe(0);
    expect((await get(operatorAgain, `/order/v2/flight/orders/${order.id}`)).statusCode).toBe(404);
    expect((await list(await login(t.app))).total).toBe(1);
    const [owner] = await t.database.db.select().from(flightOrders);
    const [admin1] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(owner?.userId).toBe(admin1?.id);
  });

  it("filters by the agency's calendar days, and a zone change reads its own days", async () => {
    await setAgencyTimeZone(t.database.db, 1, 'Asia/Shanghai');
    const shanghai = await login(t.app);
    const order = await bookOne(t.app, shanghai);
    // 23:30 UTC on 30 November is 07:30 on 1 December in Shanghai.
    await t.database.db
      .update(flightOrders)
      .set({ createdAt: new Date('2025-11-30T23:30:00Z') })
      .where(eq(flightOrders.id, order.id));
    const ids = async (token: string, from: string, to = from) =>
      (await list(token, `?dateFrom=${from}&dateTo=${to}`)).list.map((o) => o.id);
    expect(await ids(shanghai, '2025-12-01')).toEqual([order.id]);
    expect(await ids(shanghai, '2025-11-30')).toEqual([]);
    expect(await ids(shanghai, '2025-11-01', '2025-11-30')).toEqual([]);
    expect(await ids(shanghai, '2025-12-01', '2025-12-31')).toEqual([order.id]);
    // The same filters in another zone are other instants, so never the answer cached for Shanghai.
    await setAgencyTimeZone(t.database.db, 1, 'UTC');
    const utc = await login(t.app);
    expect(await ids(utc, '2025-11-30')).toEqual([order.id]);
    expect(await ids(utc, '2025-12-01')).toEqual([]);
    await setAgencyTimeZone(t.database.db, 1, 'America/Los_Angeles');
    const losAngeles = await login(t.app);
    expect(await ids(losAngeles, '2025-11-30')).toEqual([order.id]);
    expect(await ids(losAngeles, '2025-12-01')).toEqual([]);
  });
});
