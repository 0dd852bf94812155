import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlightOrderList, StatusCount } from '@portal/domain/flight-order';
import { buildApp } from '../../app';
import type { Database } from '../../platform/db';
import { bearer, body, login, testConfig, useTestApp } from '../../test/app';
import { issuedOrder } from './after-sales/after-sales.test-helpers';
import { ticketClaims } from './after-sales/after-sales.schema';
import { flightOrders } from './flight-orders.schema';
import { oneWay, search } from '../shopping/shopping.test-helpers';
import { bookOne, travelDate } from './flight-orders.test-helpers';
import { ORDER_LIST_CHANNEL } from './order-list-changes';
import { setCommonConfig } from '../../test/agency-config';

/**
 * The order list cache through the API, on PGlite and PostgreSQL. Answers live up to 10 minutes
 * here, so a change seen in a test was seen through a notification or a write of this instance,
 * never through the entry's age.
 */
const CACHE = { ORDER_LIST_CACHE_MS: '600000' };
const t = useTestApp(CACHE);
/** How long notifications may take to arrive on a loaded machine (they take milliseconds). */
const NOTIFIED_MS = 30_000;

afterEach(() => {
  vi.restoreAllMocks();
});

const list = async (token: string, query = '', app: FastifyInstance = t.app) => {
  const res = await app.inject({ url: `/order/v2/flight/orders${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return FlightOrderList.parse(body(res).data);
};

const counts = async (token: string, app: FastifyInstance = t.app) => {
  const res = await app.inject({
    url: '/order/v2/flight/orders/status?status=to_be_paid,canceled',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return StatusCount.array().parse(body(res).data);
};

/**
 * Counts the statements reading `flight_orders` (or the counts kept of them, `order_daily_counts`:
 * the whole agency's tabs) that `database` runs from now on: drizzle's statements call the
 * client's `query` (the PGlite instance, or the node-postgres pool).
 */
function orderStatements(database: Database): () => number {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  const textOf = (query: unknown) =>
    typeof query === 'string' ? query : ((query as { text?: string } | undefined)?.text ?? '');
  const readsOrders = (text: string) =>
    text.includes('"flight_orders"') || text.includes('"order_daily_counts"');
  return () => spy.mock.calls.filter(([query]) => readsOrders(textOf(query))).length;
}

/**
 * Resolves once the notifications of every write committed so far reached this process, the
 * app's subscription included: PostgreSQL delivers notifications in commit order, so a marker
 * sent now arrives after them (on PGlite they arrive with their statement's result anyway). A
 * marker names no schema of the app's, which ignores it.
 */
async function notificationsArrived(database: Database = t.database): Promise<void> {
  const marker = `marker:${crypto.randomUUID()}`;
  let arrived = () => {};
  const arrival = new Promise<void>((resolve, reject) => {
    arrived = resolve;
    setTimeout(() => reject(new Error('no notification within the deadline')), NOTIFIED_MS).unref();
  });
  const unlisten = await database.listen(ORDER_LIST_CHANNEL, {
    notify: (payload) => payload === marker && arrived(),
    listening: () => {},
  });
  try {
    await database.db.execute(sql`select pg_notify(${ORDER_LIST_CHANNEL}, ${marker})`);
    await arrival;
  } finally {
    await unlisten();
  }
}

/** Sets agency 1's "only show own orders" straight in the database (tests read sessions uncached). */
async function onlyOwnOrders(): Promise<void> {
  await setCommonConfig(t.database.db, 1, { onlyShowOwnOrders: true });
}

describe('the order list cache', () => {
  it('answers a list page and the status counts read again from the cache', async () => {
    const token = await login(t.app);
    await bookOne(t.app, token);
    // The booking's own notification, arriving after the first read, would rightly drop its answer.
    await notificationsArrived();
    const statements = orderStatements(t.database);
    const first = await list(token);
    const firstCounts = await counts(token);
    expect(statements()).toBe(2);
    expect(await list(token)).toEqual(first);
    expect(await counts(token)).toEqual(firstCounts);
    expect(statements()).toBe(2);
    // Another page, filter or sort is another statement answer.
    await list(token, '?sort=bookingTime');
    expect(statements()).toBe(3);
    // So is the page without its count: a counted answer is not served for it, nor it for one.
    const alone = await list(token, '?count=false');
    expect(alone).not.toHaveProperty('total');
    expect(alone.list).toEqual(first.list);
    expect(statements()).toBe(4);
    expect(await list(token)).toEqual(first);
    expect(await list(token, '?count=false')).toEqual(alone);
    expect(statements()).toBe(4);
  });

  it('shows an order changed straight in the database once its notification arrived', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await notificationsArrived();
    expect((await list(token)).list[0]).toMatchObject({ pnr: order.pnr, status: 'to_be_paid' });
    expect(await counts(token)).toEqual([
      { status: 'to_be_paid', cnt: 1 },
      { status: 'canceled', cnt: 0 },
    ]);
    const statements = orderStatements(t.database);
    await list(token);
    await counts(token);
    expect(statements()).toBe(0);

    await t.database.db
      .update(flightOrders)
      .set({ pnr: 'ZZ9999', status: 'canceled' })
      .where(eq(flightOrders.id, order.id));
    await notificationsArrived();
    expect((await list(token)).list[0]).toMatchObject({ pnr: 'ZZ9999', status: 'canceled' });
    expect(await counts(token)).toEqual([
      { status: 'to_be_paid', cnt: 0 },
      { status: 'canceled', cnt: 1 },
    ]);
  });

  it('shows a ticket claim released straight in the database once its notification arrived', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const query = `?bookingNumber=${order.bookingNumber}`;
    expect((await list(token, query)).list[0]?.allowedActions).toContain('refund');
    const refund = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/refund`,
      headers: bearer(token),
      payload: {
        selection: {
          passengerIds: order.passengers.map((p) => p.id),
          segmentIndexes: order.segments.map((_, i) => i),
        },
        reason: { value: 0 },
      },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // Every ticket is claimed by the refund: no more refund of this order.
    expect((await list(token, query)).list[0]?.allowedActions).not.toContain('refund');
    await notificationsArrived();
    await list(token, query);
    const statements = orderStatements(t.database);
    expect((await list(token, query)).list[0]?.allowedActions).not.toContain('refund');
    expect(statements()).toBe(0);

    await t.database.db
      .update(ticketClaims)
      .set({ releasedAt: new Date() })
      .where(eq(ticketClaims.orderId, order.id));
    await notificationsArrived();
    expect((await list(token, query)).list[0]?.allowedActions).toContain('refund');
  });

  it("shows a write through the API in the caller's very next list, without waiting for a notification", async () => {
    // A database whose notifications never arrive: only this instance's writes drop answers.
    const deaf: Database = {
      ...t.database,
      listen: async (_channel, handlers) => {
        handlers.listening(true);
        return async () => {};
      },
    };
    const app = await buildApp({ config: testConfig(CACHE), database: deaf });
    try {
      const token = await login(app);
      const order = await bookOne(app, token);
      expect((await list(token, '', app)).list[0]?.status).toBe('to_be_paid');
      expect((await counts(token, app))[0]).toEqual({ status: 'to_be_paid', cnt: 1 });
      const cancel = await app.inject({
        method: 'DELETE',
        url: `/order/v2/flight/orders/${order.id}`,
        headers: bearer(token),
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await list(token, '', app)).list[0]?.status).toBe('canceled');
      expect((await counts(token, app))[1]).toEqual({ status: 'canceled', cnt: 1 });
      // Without its notification a change made elsewhere stays unseen: the answer is the cached one.
      await t.database.db.update(flightOrders).set({ pnr: 'ZZ9999' }).where(eq(flightOrders.id, order.id));
      expect((await list(token, '', app)).list[0]?.pnr).toBe(order.pnr);
    } finally {
      await app.close();
    }
  });

  it("keeps the agency's answers across a flight search, whose requests are POSTs that write no order", async () => {
    const token = await login(t.app);
    await bookOne(t.app, token);
    await notificationsArrived();
    await list(token);
    const statements = orderStatements(t.database);
    await search(t.app, token, oneWay('PEK', 'SHA', travelDate()));
    await list(token);
    expect(statements()).toBe(0);
  });

  it('never shares answers between the own orders of two users of one agency', async () => {
    await onlyOwnOrders();
    const admin = await login(t.app);
    const operator = await login(t.app, 'operator');
    const order = await bookOne(t.app, admin);
    for (let round = 0; round < 2; round++) {
      expect((await list(admin)).list.map((o) => o.id)).toEqual([order.id]);
      expect((await counts(admin))[0]).toEqual({ status: 'to_be_paid', cnt: 1 });
      expect(await list(operator)).toMatchObject({ list: [], total: 0 });
      expect((await counts(operator))[0]).toEqual({ status: 'to_be_paid', cnt: 0 });
    }
  });

  it('never shares answers between agencies', async () => {
    const admin = await login(t.app);
    const other = await login(t.app, 'subop');
    const order = await bookOne(t.app, admin);
    for (let round = 0; round < 2; round++) {
      expect(await list(other)).toMatchObject({ list: [], total: 0 });
      expect((await counts(other))[0]).toEqual({ status: 'to_be_paid', cnt: 0 });
      expect((await list(admin)).list.map((o) => o.id)).toEqual([order.id]);
      expect((await counts(admin))[0]).toEqual({ status: 'to_be_paid', cnt: 1 });
    }
  });

  it('with ORDER_LIST_CACHE_MS=0 runs the statements on every read and shows any change at once', async () => {
    const app = await t.build({ ORDER_LIST_CACHE_MS: '0' });
    const token = await login(app);
    const order = await bookOne(app, token);
    const statements = orderStatements(t.database);
    await list(token, '', app);
    await list(token, '', app);
    await counts(token, app);
    await counts(token, app);
    expect(statements()).toBe(4);
    await t.database.db.update(flightOrders).set({ pnr: 'ZZ9999' }).where(eq(flightOrders.id, order.id));
    expect((await list(token, '', app)).list[0]?.pnr).toBe('ZZ9999');
  });
});
