import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { FlightPaymentResult, type FlightOrder } from '@portal/domain/flight-order';
import { PaymentConfig } from '@portal/domain/payment';
import { MAX_JOB_ATTEMPTS } from '../../platform/jobs';
import { jobs } from '../../platform/jobs.schema';
import { bearer, body, login, useTestApp } from '../../test/app';
import { walletAccounts } from '../wallet/index';
import { journalEntries } from '../wallet/index';
import { flightOrders } from '../flight-orders/index';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { setCommonConfig } from '../../test/agency-config';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
});
const setFaults = (name: string, faults: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/__test/suppliers/${name}/faults`, payload: faults });

const pay = (token: string, id: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${id}/payment`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { channel: 'balance' },
  });
const getOrder = async (token: string, id: string) =>
  body<FlightOrder>(await t.app.inject({ url: `/order/v2/flight/orders/${id}`, headers: bearer(token) }))
    .data;
const balance = async (agencyId = 1) => (await walletAccounts(t.database.db, agencyId))[0]?.balanceMinor ?? 0;
const minor = (amount: string) => Math.round(Number(amount) * 100);

async function patchCommon(agencyId: number, patch: Record<string, unknown>) {
  await setCommonConfig(t.database.db, agencyId, patch);
}

describe('paying a flight order with the balance', () => {
  it('lists the payment options, none when the agency payment is disabled', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({ url: '/order/v2/flight/config/payment', headers: bearer(token) });
    const options = PaymentConfig.parse(body(res).data);
    expect(options.map((o) => o.channel)).toContain('balance');
    await patchCommon(1, { disablePayment: true });
    const again = await t.app.inject({
      url: '/order/v2/flight/config/payment',
      headers: bearer(await login(t.app)),
    });
    expect(body(again).data).toEqual([]);
  });

  it('pays once: proceeding, paid, the wallet debited once; a second payment is refused', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const before = await balance();
    const res = await pay(token, order.id, 'pay-1');
    expect(res.statusCode, res.body).toBe(200);
    const result = FlightPaymentResult.parse(body(res).data);
    if (result.status !== 'paid') throw new Error('not paid');
    expect(result.order).toMatchObject({
      status: 'proceeding',
      payment: { state: 'paid', channel: 'balance' },
      allowedActions: [],
    });
    const total = minor(order.price.orderTotal.amount);
    expect(await balance()).toBe(before - total);
    // Same key: the stored answer, no second charge.
    const replay = await pay(token, order.id, 'pay-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // New key: refused by the status check.
    const second = await pay(token, order.id, 'pay-2');
    expect(second.statusCode).toBe(409);
    expect(await balance()).toBe(before - total);
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.orderId, order.id), eq(journalEntries.kind, 'origin-flight')));
    expect(entries).toHaveLength(1);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'flight-ticketing'));
    expect(queued).toHaveLength(1);
  });

  it('charges once when two payments of one order race', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const before = await balance();
    const results = await Promise.all([pay(token, order.id, 'race-1'), pay(token, order.id, 'race-2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balance()).toBe(before - minor(order.price.orderTotal.amount));
  });

  it('refuses with 600001 when the balance is short and leaves the order to_be_paid', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await t.database.db
      .update(flightOrders)
      .set({ orderTotalMinor: 900_000_000 })
      .where(eq(flightOrders.id, order.id));
    const before = await balance();
    const res = await pay(token, order.id);
    expect(res.statusCode).toBe(402);
    expect(body(res).code).toBe(600001);
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
    expect(await balance()).toBe(before);
  });

  it('refuses with 600005 after the payment deadline', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await t.database.db
      .update(flightOrders)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(eq(flightOrders.id, order.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: { channel: 'balance' },
    });
    expect(res.statusCode).toBe(410);
    expect(body(res)).toMatchObject({
      code: 600005,
      message: expect.stringMatching(/payment time has expired/i),
    });
    expect((await getOrder(token, order.id)).allowedActions).toEqual([]);
  });

  it('issues tickets with the carrier prefix after the ticketing delay', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    expect((await pay(token, order.id)).statusCode).toBe(200);
    await t.app.runDueJobs(new Date(Date.now() + 3 * 3_600_000));
    const issued = await getOrder(token, order.id);
    expect(issued.status).toBe('issued');
    const { getAirline } = await import('@portal/reference-data/airlines');
    const prefix = getAirline(issued.airline)?.ticketPrefix ?? '999';
    for (const p of issued.passengers) {
      expect(p.ticketNumbers).toHaveLength(1);
      expect(p.ticketNumbers[0]).toMatch(new RegExp(`^${prefix}\\d{10}$`));
    }
    expect(issued.timeline.map((e) => e.status)).toEqual(['to_be_paid', 'proceeding', 'issued']);
    const byTicket = await t.app.inject({
      url: `/order/v2/flight/orders?ticketNumber=${issued.passengers[0]?.ticketNumbers[0] ?? ''}`,
      headers: bearer(token),
    });
    expect(body<{ total: number }>(byTicket).data.total).toBe(1);
  });

  it('reimburses the wallet when ticketing fails', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token, 'sim-gds');
    const before = await balance();
    expect((await pay(token, order.id)).statusCode).toBe(200);
    await setFaults('sim-gds', { ticketError: true });
    await t.app.runDueJobs(new Date(Date.now() + 3 * 3_600_000));
    const failed = await getOrder(token, order.id);
    expect(failed.status).toBe('failed_reimbursed');
    expect(failed.timeline.map((e) => e.status)).toEqual([
      'to_be_paid',
      'proceeding',
      'failed',
      'failed_reimbursing',
      'failed_reimbursed',
    ]);
    expect(await balance()).toBe(before);
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.orderId, order.id));
    expect(entries.map((e) => e.kind).sort()).toEqual(['origin-flight', 'reimbursement']);
  });

  /** A paid order whose supplier's ticketing answers are lost; `at` is when ticketing is due. */
  async function paidWithTicketingUnanswered() {
    const token = await login(t.app);
    const order = await bookOne(t.app, token, 'sim-gds');
    const before = await balance();
    expect((await pay(token, order.id)).statusCode).toBe(200);
    await setFaults('sim-gds', { unanswered: ['ticket'] });
    return { token, order, before, at: Date.now() + 3 * 3_600_000 };
  }

  it('asks again when ticketing gets no answer, and issues the tickets once it does', async () => {
    const { token, order, before, at } = await paidWithTicketingUnanswered();
    await t.app.runDueJobs(new Date(at));
    // The tickets may have been issued: nothing is given back on a lost answer.
    expect((await getOrder(token, order.id)).status).toBe('proceeding');
    expect(await balance()).toBeLessThan(before);

    await setFaults('sim-gds', {});
    await t.app.runDueJobs(new Date(at + 3_600_000));
    const issued = await getOrder(token, order.id);
    expect(issued.status).toBe('issued');
    expect(issued.timeline.map((e) => e.status)).toEqual(['to_be_paid', 'proceeding', 'issued']);
  });

  it('takes ticketing that never answers as failed on its last attempt, with the money back once', async () => {
    const { token, order, before, at } = await paidWithTicketingUnanswered();
    for (let attempt = 1; attempt < MAX_JOB_ATTEMPTS; attempt += 1) {
      await t.app.runDueJobs(new Date(at + attempt * 86_400_000));
      expect((await getOrder(token, order.id)).status).toBe('proceeding');
    }
    await t.app.runDueJobs(new Date(at + MAX_JOB_ATTEMPTS * 86_400_000));
    expect((await getOrder(token, order.id)).status).toBe('failed_reimbursed');
    expect(await balance()).toBe(before);
  });

  it('cancels an unpaid order at its deadline (origin_canceled), not before', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await t.app.runDueJobs(new Date());
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
    await t.app.runDueJobs(new Date(Date.now() + 31 * 60_000));
    const canceled = await getOrder(token, order.id);
    expect(canceled.status).toBe('origin_canceled');
    expect(canceled.statusColor).toBe('info');
  });
});
