import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlightPaymentResult, type FlightOrder } from '@portal/domain/flight-order';
import type { FlightOrderStatus, OrderType } from '@portal/domain/flight-order-status';
import { PaymentConfig, type PaymentChannel } from '@portal/domain/payment';
import { buildApp } from '../../app';
import { jobs } from '../../platform/jobs.schema';
import type { Db } from '../../platform/db';
import { bearer, body, login, TEST_SECRETS, testConfig, useTestApp } from '../../test/app';
import { walletAccounts } from '../wallet/index';
import { journalEntries, ledgerPostings } from '../wallet/index';
import { flightOrders, type FlightOrderRow } from '../flight-orders/index';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { sign } from './gateway';
import { createSimulatedGateways } from '../../simulation/payments/simulated-gateway';
import { setCommonConfig } from '../../test/agency-config';

const SECRET = TEST_SECRETS.paymentGateway;
const t = useTestApp();

/** Orders the change type's "on paid" hook (the reissue) was called for. */
const reissued: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  const roomy = { perUser: 1000, perAgency: 1000, windowMs: 60_000 };
  app = await buildApp({
    config: testConfig(),
    database: t.database,
    gateways: createSimulatedGateways(SECRET),
    limits: { booking: roomy, search: roomy },
    paymentHooks: {
      change: async (_tx: Db, order: FlightOrderRow) => {
        reissued.push(order.id);
      },
    },
  });
});
afterAll(async () => {
  await app.close();
});

const pay = (token: string, id: string, payload: object, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${id}/payment`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const orderRow = async (id: string) => {
  const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, id));
  if (!row) throw new Error('no order');
  return row;
};
const getOrder = async (token: string, id: string) =>
  body<FlightOrder>(await app.inject({ url: `/order/v2/flight/orders/${id}`, headers: bearer(token) })).data;
const wallet = async (currency = 'CNY') =>
  (await walletAccounts(t.database.db, 1)).find((a) => a.currency === currency)?.balanceMinor ?? 0;
const entriesOf = (orderId: string) =>
  t.database.db.select().from(journalEntries).where(eq(journalEntries.orderId, orderId));

/** A copy of a booked order's row with another type, status, currency and total (written directly). */
async function insertOrder(
  from: FlightOrderRow,
  patch: {
    type: OrderType;
    status: FlightOrderStatus;
    currency?: string;
    orderTotalMinor?: number;
    originalBookingId?: string | null;
  },
): Promise<FlightOrderRow> {
  const { id: _id, ...rest } = from;
  const [row] = await t.database.db
    .insert(flightOrders)
    .values({
      ...rest,
      ...patch,
      bookingNumber: `T${crypto.randomBytes(6).toString('hex').toUpperCase()}`,
      paymentDeadline: new Date(Date.now() + 30 * 60_000),
      paymentState: 'unpaid',
      paymentChannel: null,
      paidAt: null,
    })
    .returning();
  if (!row) throw new Error('order not inserted');
  return row;
}

/** An issued original order and a change order of it waiting for `amountMinor` CNY. */
async function changeOrder(token: string, amountMinor = 35_000) {
  const booked = await orderRow((await bookOne(app, token)).id);
  const original = await insertOrder(booked, { type: 'origin', status: 'issued' });
  return insertOrder(booked, {
    type: 'change',
    status: 'chg_to_be_paid',
    orderTotalMinor: amountMinor,
    originalBookingId: original.id,
  });
}

/** The signed notification the provider of `channel` posts for a payment. */
const notification = (
  channel: PaymentChannel,
  paymentId: string,
  amountMinor: number,
  currency = 'CNY',
  tradeNo = `TN${paymentId.slice(0, 8)}`,
) => {
  const unsigned = {
    paymentId,
    tradeNo,
    status: 'paid' as const,
    amountMinor,
    currency,
    timestamp: Date.now(),
  };
  return { ...unsigned, signature: sign(SECRET, channel, unsigned) };
};
const notify = (channel: PaymentChannel, payload: object) =>
  app.inject({ method: 'POST', url: `/order/v2/payments/notify/${channel}`, payload });

async function startPending(token: string, id: string, channel: PaymentChannel) {
  const res = await pay(token, id, { channel, returnUrl: `/flight/orders/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  const result = FlightPaymentResult.parse(body(res).data);
  if (result.status !== 'pending') throw new Error('expected pending');
  return result;
}

async function setChannels(channels: PaymentChannel[] | undefined) {
  await setCommonConfig(t.database.db, 1, { paymentChannels: channels });
}

describe('a change order is paid through the same path', () => {
  it('with the balance: chg_proceeding, one change-flight entry, the reissue hook called', async () => {
    const token = await login(app);
    const change = await changeOrder(token);
    const before = await wallet();
    const res = await pay(token, change.id, { channel: 'balance' }, 'chg-1');
    expect(res.statusCode, res.body).toBe(200);
    const result = FlightPaymentResult.parse(body(res).data);
    expect(result).toMatchObject({
      status: 'paid',
      order: { status: 'chg_proceeding', payment: { state: 'paid', channel: 'balance' } },
    });
    expect(await wallet()).toBe(before - 35_000);
    const entries = await entriesOf(change.id);
    expect(entries.map((e) => e.kind)).toEqual(['change-flight']);
    expect(reissued).toContain(change.id);
    // The original order is not touched.
    expect((await orderRow(change.originalBookingId ?? '')).status).toBe('issued');
  });

  it('paid twice, or 20 times at once, charges once', async () => {
    const token = await login(app);
    const change = await changeOrder(token);
    const before = await wallet();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pay(token, change.id, { channel: 'balance' }, `chg-many-${i}`)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    // The same key again: the stored answer; a new key: refused.
    const same = await Promise.all(
      Array.from({ length: 5 }, () => pay(token, change.id, { channel: 'balance' }, 'chg-many-0')),
    );
    for (const a of same) expect([200, 409]).toContain(a.statusCode);
    expect((await pay(token, change.id, { channel: 'balance' }, 'chg-again')).statusCode).toBe(409);
    expect(await wallet()).toBe(before - 35_000);
    expect(await entriesOf(change.id)).toHaveLength(1);
    expect(reissued.filter((id) => id === change.id)).toHaveLength(1);
  });

  it('through a hosted checkout: the signed notification moves it to chg_proceeding', async () => {
    const token = await login(app);
    const change = await changeOrder(token, 12_345);
    const before = await wallet();
    const pending = await startPending(token, change.id, 'stripe');
    expect(pending).toMatchObject({ channel: 'stripe', amount: { amount: '123.45', currency: 'CNY' } });
    const paid = await notify('stripe', notification('stripe', pending.paymentId, 12_345));
    expect(body(paid).data).toEqual({ result: 'paid' });
    expect(await getOrder(token, change.id)).toMatchObject({
      status: 'chg_proceeding',
      payment: { state: 'paid', channel: 'stripe' },
    });
    const entries = await entriesOf(change.id);
    expect(entries.map((e) => [e.kind, e.meta])).toEqual([['change-flight', { paymentMethod: 'stripe' }]]);
    expect(reissued).toContain(change.id);
    // Paid outside: the wallet is not charged.
    expect(await wallet()).toBe(before);
  });

  it("queues the change's reissue in the app as built (the change module's hook)", async () => {
    const token = await login(t.app);
    const change = await changeOrder(token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${change.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'balance' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'flight-change-reissue'));
    expect(queued.map((j) => j.payload)).toEqual([{ orderId: change.id }]);
  });

  it('is refused when not waiting for payment, or past its deadline', async () => {
    const token = await login(app);
    const change = await changeOrder(token);
    await t.database.db
      .update(flightOrders)
      .set({ status: 'chg_reviewing' })
      .where(eq(flightOrders.id, change.id));
    const reviewing = await pay(token, change.id, { channel: 'balance' });
    expect(reviewing.statusCode).toBe(409);
    expect(body(reviewing).code).toBe(body(await pay(token, change.id, { channel: 'balance' })).code);
    await t.database.db
      .update(flightOrders)
      .set({ status: 'chg_to_be_paid', paymentDeadline: new Date(Date.now() - 1000) })
      .where(eq(flightOrders.id, change.id));
    expect((await pay(token, change.id, { channel: 'balance' })).statusCode).toBe(410);
    expect(await entriesOf(change.id)).toHaveLength(0);
  });
});

describe('QR code channels', () => {
  it('answer a QR code; the simulated wallet pays through the signed notification', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPending(token, order.id, 'yeepay-alipay');
    expect(pending.redirectUrl).toBeUndefined();
    expect(pending.amount).toEqual(order.price.orderTotal);
    const qr = pending.qrCode ?? '';
    expect(qr).toMatch(/^\/order\/v2\/payments\/sim\/yeepay-alipay\//);
    // The page the code opens: the simulated wallet app, with the payment's token.
    const page = await app.inject({ url: qr });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Simulated yeepay-alipay wallet: scan and pay');
    // A notification signed for another channel does not pay this one.
    const amount = Math.round(Number(order.price.orderTotal.amount) * 100);
    const crossed = await notify('yeepay-alipay', {
      ...notification('yeepay-wechat', pending.paymentId, amount),
    });
    expect(crossed.statusCode).toBe(401);
    const url = new URL(qr, 'http://portal.test');
    const done = await app.inject({
      method: 'POST',
      url: `${url.pathname}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: url.searchParams.get('token') ?? '',
        outcome: 'paid',
      }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(await getOrder(token, order.id)).toMatchObject({
      status: 'proceeding',
      payment: { state: 'paid', channel: 'yeepay-alipay' },
    });
    const state = await app.inject({
      url: `/order/v2/flight/payments/${pending.paymentId}`,
      headers: bearer(token),
    });
    expect(body(state).data).toMatchObject({ status: 'paid' });
    const entries = await entriesOf(order.id);
    expect(entries.map((e) => [e.kind, e.meta])).toEqual([
      ['origin-flight', { paymentMethod: 'yeepay-alipay' }],
    ]);
  });
});

describe('the agency chooses its channels', () => {
  it('lists the spec options by default, and only the configured channels once set', async () => {
    const token = await login(app);
    const all = PaymentConfig.parse(
      body(await app.inject({ url: '/order/v2/flight/config/payment', headers: bearer(token) })).data,
    );
    expect(all.map((o) => [o.channel, o.flow])).toEqual([
      ['balance', 'balance'],
      ['yeepay-alipay', 'qr'],
      ['yeepay-credit-card', 'redirect'],
      ['yeepay-debit-card', 'redirect'],
      ['yeepay-wechat', 'qr'],
      ['airwallex', 'redirect'],
      ['stripe', 'redirect'],
      ['alipay', 'qr'],
    ]);
    await setChannels(['wechat-pay', 'balance', 'abapay']);
    const mine = PaymentConfig.parse(
      body(await app.inject({ url: '/order/v2/flight/config/payment', headers: bearer(token) })).data,
    );
    expect(mine.map((o) => [o.channel, o.flow])).toEqual([
      ['wechat-pay', 'qr'],
      ['balance', 'balance'],
      ['abapay', 'redirect'],
    ]);
  });

  it('refuses a channel not configured for the agency, changing nothing', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    await setChannels(['stripe']);
    for (const channel of ['balance', 'yeepay-alipay'] as const) {
      const res = await pay(token, order.id, { channel, returnUrl: `/flight/orders/${order.id}` });
      expect([channel, res.statusCode, body(res).code]).toEqual([channel, 400, 600007]);
    }
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
    expect(await entriesOf(order.id)).toHaveLength(0);
    // The configured one works.
    expect((await startPending(token, order.id, 'stripe')).redirectUrl).toBeDefined();
  });
});

describe('amounts in a currency without minor digits', () => {
  it('asks for and takes a JPY amount in whole yen', async () => {
    const token = await login(app);
    const booked = await orderRow((await bookOne(app, token)).id);
    const order = await insertOrder(booked, {
      type: 'origin',
      status: 'to_be_paid',
      currency: 'JPY',
      orderTotalMinor: 45_678,
    });
    const pending = await startPending(token, order.id, 'alipay');
    expect(pending.amount).toEqual({ amount: '45678', currency: 'JPY' });
    const page = await app.inject({ url: pending.qrCode ?? '' });
    expect(page.body).toContain('Amount: 45678 JPY');
    // A capture in hundredths (what a two-digit mistake would send) does not pay: it is refunded.
    const hundredths = notification('alipay', pending.paymentId, 4_567_800, 'JPY', 'TN-hundredths');
    expect(body(await notify('alipay', hundredths)).data).toEqual({ result: 'refunded' });
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
    const paid = await notify('alipay', notification('alipay', pending.paymentId, 45_678, 'JPY'));
    expect(body(paid).data).toEqual({ result: 'paid' });
    const [entry] = await entriesOf(order.id);
    if (!entry) throw new Error('no entry');
    const postings = await t.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, entry.id));
    expect(postings.map((p) => [p.amountMinor, p.currency]).sort()).toEqual([
      [-45_678, 'JPY'],
      [45_678, 'JPY'],
    ]);
    expect(await getOrder(token, order.id)).toMatchObject({
      status: 'proceeding',
      price: { orderTotal: { amount: '45678', currency: 'JPY' } },
    });
  });
});
