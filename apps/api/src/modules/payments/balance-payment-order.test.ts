import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FlightPaymentResult, type FlightOrder } from '@portal/domain/flight-order';
import { idempotencyKeys } from '../../platform/idempotency.schema';
import { jobs } from '../../platform/jobs.schema';
import { bearer, body, login, useTestApp } from '../../test/app';
import { ledgerViolations, walletAccounts } from '../wallet/index';
import { flightOrders } from '../flight-orders/index';
import { notifications } from '../notifications/index';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';

// A file of its own: these book seven orders, and a file's bookings share one per-user limit.
const t = useTestApp();

const pay = (token: string, id: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${id}/payment`,
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: { channel: 'balance' },
  });
const getOrder = async (token: string, id: string) =>
  body<FlightOrder>(await t.app.inject({ url: `/order/v2/flight/orders/${id}`, headers: bearer(token) }))
    .data;
const balance = async (agencyId = 1) => (await walletAccounts(t.database.db, agencyId))[0]?.balanceMinor ?? 0;
const minor = (amount: string) => Math.round(Number(amount) * 100);

/**
 * A flight order is moved on and answered before its ledger entry is posted (`PaymentDue.moveOn`),
 * so that the agency's wallet rows stay locked only for the posting: the order of the steps must
 * change nothing of what a payment does or answers.
 */
describe('a balance payment posts its entry last', () => {
  it('undoes the move on when the posting is refused: no timeline row, ticketing job or paid notice', async () => {
    // A flight order moves on before its entry is posted (`PaymentDue.moveOn`): a refusal of the
    // posting must take the move on back with it.
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await t.database.db
      .update(flightOrders)
      .set({ orderTotalMinor: 900_000_000 })
      .where(eq(flightOrders.id, order.id));
    const res = await pay(token, order.id, 'short-1');
    expect(res.statusCode).toBe(402);
    const after = await getOrder(token, order.id);
    expect(after).toMatchObject({ status: 'to_be_paid', payment: { state: 'unpaid', channel: null } });
    expect(after.timeline.map((e) => e.status)).toEqual(['to_be_paid']);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, 'flight-ticketing'))).toHaveLength(0);
    const paidNotices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.kind, 'order.paid')));
    expect(paidNotices).toHaveLength(0);
    // The answer, stored before the posting, went back with it.
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'short-1'));
    expect(keys).toHaveLength(0);
    // The key was released: the same payment may be tried again once the money is there.
    await t.database.db
      .update(flightOrders)
      .set({ orderTotalMinor: minor(order.price.orderTotal.amount) })
      .where(eq(flightOrders.id, order.id));
    expect((await pay(token, order.id, 'short-1')).statusCode).toBe(200);
  });

  it('pays many orders of one agency at once: each charged once, the books balanced', async () => {
    const token = await login(t.app);
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await bookOne(t.app, token));
    const before = await balance();
    const results = await Promise.all(orders.map((o, i) => pay(token, o.id, `many-${i}`)));
    expect(results.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    const total = orders.reduce((sum, o) => sum + minor(o.price.orderTotal.amount), 0);
    expect(await balance()).toBe(before - total);
    for (const [i, res] of results.entries()) {
      // The answer, read before the entry was posted, is the order as it reads now.
      const result = FlightPaymentResult.parse(body(res).data);
      if (result.status !== 'paid') throw new Error('not paid');
      expect(result.order).toEqual(await getOrder(token, orders[i]?.id ?? ''));
    }
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    // Each answer was stored before its posting, and is replayed as sent, charging nothing more.
    for (const [i, res] of results.entries()) {
      const again = await pay(token, orders[i]?.id ?? '', `many-${i}`);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.statusCode).toBe(200);
      expect(body(again)).toEqual(body(res));
    }
    expect(await balance()).toBe(before - total);
  });
});
