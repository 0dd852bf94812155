import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlightPaymentResult, type FlightOrder } from '@portal/domain/flight-order';
import { LateCaptureList } from '@portal/domain/late-capture';
import { PaymentConfig } from '@portal/domain/payment';
import { buildApp } from '../../app';
import { jobs } from '../../platform/jobs.schema';
import { bearer, body, login, TEST_SECRETS, testConfig, useTestApp } from '../../test/app';
import { walletAccounts } from '../wallet/index';
import { journalEntries } from '../wallet/index';
import { oneWay, search } from '../shopping/shopping.test-helpers';
import { orderPayments } from './payments.schema';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { sign } from './gateway';
import { LATE_CAPTURE_REFUND_JOB } from './late-captures';
import { createSimulatedGateways, isSimulatedGateway } from '../../simulation/payments/simulated-gateway';

const SECRET = TEST_SECRETS.paymentGateway;
const t = useTestApp();

// An app whose simulated provider the tests can read (the refunds it made).
const gateways = createSimulatedGateways(SECRET);
const provider = gateways.get('stripe');
if (!isSimulatedGateway(provider)) throw new Error('no simulated stripe');
let app: FastifyInstance;
beforeAll(async () => {
  // This file books more orders with one user than a minute's booking limit allows.
  const roomy = { perUser: 1000, perAgency: 1000, windowMs: 60_000 };
  app = await buildApp({
    config: testConfig(),
    database: t.database,
    gateways,
    limits: { booking: roomy, search: roomy },
  });
});
afterAll(async () => {
  await app.close();
});

const startPayment = async (token: string, id: string, returnUrl = `/orders/${id}`) => {
  const res = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${id}/payment`,
    headers: bearer(token),
    payload: { channel: 'stripe', returnUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = FlightPaymentResult.parse(body(res).data);
  if (result.status !== 'pending' || !result.redirectUrl) throw new Error('expected pending');
  return { ...result, redirectUrl: result.redirectUrl };
};
const payByBalance = (token: string, id: string) =>
  app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${id}/payment`,
    headers: bearer(token),
    payload: { channel: 'balance' },
  });
const notification = (
  paymentId: string,
  amountMinor: number,
  extra: Partial<{ status: 'paid' | 'failed'; timestamp: number; tradeNo: string; currency: string }> = {},
  secret: string = SECRET,
) => {
  const unsigned = {
    paymentId,
    tradeNo: extra.tradeNo ?? `pi_${paymentId.slice(0, 8)}`,
    status: extra.status ?? ('paid' as const),
    amountMinor,
    currency: extra.currency ?? 'CNY',
    timestamp: extra.timestamp ?? Date.now(),
  };
  return { ...unsigned, signature: sign(secret, 'stripe', unsigned) };
};
const notify = (payload: object, on: FastifyInstance = app) =>
  on.inject({ method: 'POST', url: '/order/v2/payments/notify/stripe', payload });
const getOrder = async (token: string, id: string) =>
  body<FlightOrder>(await app.inject({ url: `/order/v2/flight/orders/${id}`, headers: bearer(token) })).data;
const minor = (amount: string) => Math.round(Number(amount) * 100);
/** The checkout link's path and token. */
const checkoutOf = (redirectUrl: string) => {
  const url = new URL(redirectUrl, 'http://portal.test');
  return { path: url.pathname, token: url.searchParams.get('token') ?? '' };
};
/** The simulated checkout page's form post, as the browser sends it (with the portal's cookies). */
const submitCheckout = (redirectUrl: string, outcome: 'paid' | 'failed', token?: string) => {
  const checkout = checkoutOf(redirectUrl);
  return app.inject({
    method: 'POST',
    url: `${checkout.path}/complete`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: 'XSRF-TOKEN=from-the-portal',
    },
    payload: new URLSearchParams({ token: token ?? checkout.token, outcome }).toString(),
  });
};
const refundsOf = (paymentId: string) => provider.refunds.filter((r) => r.paymentId === paymentId);
const lateCaptures = async (token: string) => {
  const res = await app.inject({ url: '/order/v2/payments/late-captures', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return LateCaptureList.parse(body(res).data);
};

describe('outside channel through the simulated gateway', () => {
  it('starts a pending redirect payment; a signed paid notification moves the order on once', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    expect(pending.redirectUrl).toContain(pending.paymentId);
    expect(Date.parse(pending.expiresAt)).toBeLessThanOrEqual(Date.parse(order.paymentDeadline ?? ''));
    // Starting again resumes the same payment.
    expect((await startPayment(token, order.id)).paymentId).toBe(pending.paymentId);
    const page = await app.inject({ url: pending.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Simulated stripe checkout');
    expect(page.body).toContain('method="post"');

    const amount = minor(order.price.orderTotal.amount);
    const walletBefore = (await walletAccounts(t.database.db, 1))[0]?.balanceMinor;

    // A bad signature, the published demo secret and a wrong amount change nothing.
    const forged = await notify(notification(pending.paymentId, amount, {}, 'wrong-secret'));
    expect(forged.statusCode).toBe(401);
    expect(body(forged).code).toBe(600008);
    const demoSigned = await notify(notification(pending.paymentId, amount, {}, 'demo-gateway-secret'));
    expect(demoSigned.statusCode).toBe(401);
    const stale = await notify(
      notification(pending.paymentId, amount, { timestamp: Date.now() - 10 * 60_000 }),
    );
    expect(stale.statusCode).toBe(401);
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');

    const paid = await notify(notification(pending.paymentId, amount));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(body(paid).data).toEqual({ result: 'paid' });
    const after = await getOrder(token, order.id);
    expect(after).toMatchObject({ status: 'proceeding', payment: { state: 'paid', channel: 'stripe' } });

    // The replay: nothing changes.
    const replay = await notify(notification(pending.paymentId, amount));
    expect(body(replay).data).toEqual({ result: 'duplicate' });
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.orderId, order.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.meta).toMatchObject({ paymentMethod: 'stripe' });
    // The wallet is not charged by an outside payment.
    expect((await walletAccounts(t.database.db, 1))[0]?.balanceMinor).toBe(walletBefore);
    const state = await app.inject({
      url: `/order/v2/flight/payments/${pending.paymentId}`,
      headers: bearer(token),
    });
    expect(body(state).data).toMatchObject({ status: 'paid' });
    // A balance payment after that is refused.
    expect((await payByBalance(token, order.id)).statusCode).toBe(409);
    expect(refundsOf(pending.paymentId)).toEqual([]);
  });

  it('completes through the checkout form: the provider posts a signed notification', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    const done = await submitCheckout(pending.redirectUrl, 'paid');
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe(`/orders/${order.id}`);
    const paid = await getOrder(token, order.id);
    expect(paid).toMatchObject({ status: 'proceeding', payment: { state: 'paid', channel: 'stripe' } });
    // The page now says so and offers no form; a second post changes nothing.
    const page = await app.inject({ url: pending.redirectUrl });
    expect(page.body).toContain('<span id="status">paid</span>');
    expect(page.body).not.toContain('<form');
    expect((await submitCheckout(pending.redirectUrl, 'paid')).statusCode).toBe(303);
    expect(refundsOf(pending.paymentId)).toEqual([]);
  });

  it('a failed checkout leaves the order unpaid', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    expect((await submitCheckout(pending.redirectUrl, 'failed')).statusCode).toBe(303);
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
    const state = await app.inject({
      url: `/order/v2/flight/payments/${pending.paymentId}`,
      headers: bearer(token),
    });
    expect(body(state).data).toMatchObject({ status: 'failed' });
  });
});

describe('the simulated checkout cannot be paid without its secret token', () => {
  it('no longer pays through the old public GET link', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    const { path } = checkoutOf(pending.redirectUrl);
    const old = await app.inject({ url: `${path}/complete?outcome=paid` });
    expect(old.statusCode).toBe(404);
    const withToken = await app.inject({ url: `${path}/complete?outcome=paid&token=x` });
    expect(withToken.statusCode).toBe(404);
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
  });

  it('refuses the page and the form without the right token (404), changing nothing', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    const { path } = checkoutOf(pending.redirectUrl);
    expect((await app.inject({ url: path })).statusCode).toBe(400);
    expect((await app.inject({ url: `${path}?token=wrong` })).statusCode).toBe(404);
    const wrong = await submitCheckout(pending.redirectUrl, 'paid', 'wrong-token');
    expect(wrong.statusCode).toBe(404);
    // Another payment's token does not open this one.
    const other = await startPayment(token, (await bookOne(app, token)).id);
    expect(
      (await submitCheckout(pending.redirectUrl, 'paid', checkoutOf(other.redirectUrl).token)).statusCode,
    ).toBe(404);
    // A JSON post (what a script would send) is refused by the form's schema.
    const json = await app.inject({
      method: 'POST',
      url: `${path}/complete`,
      payload: { outcome: 'paid' },
    });
    expect(json.statusCode).toBe(400);
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
  });

  it('sends the payer back only to a safe in-app path', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    for (const returnUrl of ['https://evil.example/phish', '/\\evil.example/x', '//evil.example']) {
      const res = await app.inject({
        method: 'POST',
        url: `/order/v2/flight/orders/${order.id}/payment`,
        headers: bearer(token),
        payload: { channel: 'stripe', returnUrl },
      });
      expect([returnUrl, res.statusCode]).toEqual([returnUrl, 400]);
      expect(body(res).code).toBe(100001);
    }
    // A return URL stored before the rule (written directly) is not followed.
    const pending = await startPayment(token, order.id);
    await t.database.db
      .update(orderPayments)
      .set({ returnUrl: '/\\evil.example/x' })
      .where(eq(orderPayments.id, pending.paymentId));
    const done = await submitCheckout(pending.redirectUrl, 'failed');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/');
  });
});

describe('with the simulated payments off', () => {
  it('has no simulated checkout routes, offers only the balance and serves no card notification', async () => {
    const off = await t.build({ SIMULATED_PAYMENTS: 'false' });
    const token = await login(off);
    const config = await off.inject({ url: '/order/v2/flight/config/payment', headers: bearer(token) });
    expect(PaymentConfig.parse(body(config).data).map((o) => o.channel)).toEqual(['balance']);
    const order = await bookOne(off, token);
    const card = await off.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'stripe', returnUrl: `/orders/${order.id}` },
    });
    expect(card.statusCode).toBe(400);
    expect(body(card).code).toBe(600007);
    // No simulated QR wallet either.
    const qr = await off.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'yeepay-wechat' },
    });
    expect([qr.statusCode, body(qr).code]).toEqual([400, 600007]);

    // A payment started on the demo app cannot be completed through this one.
    const pending = await startPayment(token, order.id);
    const { path, token: checkoutToken } = checkoutOf(pending.redirectUrl);
    expect((await off.inject({ url: pending.redirectUrl })).statusCode).toBe(404);
    expect((await off.inject({ url: `${path}/complete?outcome=paid` })).statusCode).toBe(404);
    const form = await off.inject({
      method: 'POST',
      url: `${path}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${checkoutToken}&outcome=paid`,
    });
    expect(form.statusCode).toBe(404);
    const amount = minor(order.price.orderTotal.amount);
    expect((await notify(notification(pending.paymentId, amount), off)).statusCode).toBe(404);
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
    expect(off.routeTable.some((r) => r.url.includes('/payments/sim/'))).toBe(false);
  });
});

describe('with the simulated suppliers off', () => {
  it('searches no supplier at all', async () => {
    const off = await t.build({ SIMULATED_SUPPLIERS: 'false' });
    const token = await login(off);
    const result = await search(off, token, oneWay('PEK', 'SHA'));
    expect(result).toMatchObject({ finished: true, suppliers: [], solutions: [] });
    // With them on (the tests' settings), the three simulated suppliers answer.
    expect((await search(app, token, oneWay('PEK', 'SHA'))).suppliers).toHaveLength(3);
  });
});

describe('a capture the order can no longer take is refunded through the gateway', () => {
  it('balance first, then the late paid notification: refunded once, listed for finance', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    expect((await payByBalance(token, order.id)).statusCode).toBe(200);
    const walletAfterBalance = (await walletAccounts(t.database.db, 1))[0]?.balanceMinor;
    const amount = minor(order.price.orderTotal.amount);

    const late = await notify(notification(pending.paymentId, amount));
    expect(late.statusCode, late.body).toBe(200);
    expect(body(late).data).toEqual({ result: 'refunded' });
    expect(refundsOf(pending.paymentId)).toMatchObject([
      { amountMinor: amount, currency: 'CNY', tradeNo: `pi_${pending.paymentId.slice(0, 8)}` },
    ]);
    // The order and the wallet are as the balance payment left them.
    expect(await getOrder(token, order.id)).toMatchObject({
      status: 'proceeding',
      payment: { state: 'paid', channel: 'balance' },
    });
    expect((await walletAccounts(t.database.db, 1))[0]?.balanceMinor).toBe(walletAfterBalance);
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.orderId, order.id));
    expect(entries).toHaveLength(1);

    // Finance of the agency sees it; the gateway's repeats change nothing.
    expect(body(await notify(notification(pending.paymentId, amount))).data).toEqual({ result: 'duplicate' });
    const finance = await lateCaptures(await login(app, 'finance'));
    expect(finance.total).toBe(1);
    expect(finance.list[0]).toMatchObject({
      orderId: order.id,
      bookingNumber: order.bookingNumber,
      channel: 'stripe',
      amount: order.price.orderTotal,
      reason: 'order_not_payable',
      orderStatus: 'proceeding',
      status: 'refunded',
      refundId: refundsOf(pending.paymentId)[0]?.refundId,
    });
    // The background retry finds nothing left to do.
    await app.runDueJobs(new Date(Date.now() + 10 * 60_000));
    expect(refundsOf(pending.paymentId)).toHaveLength(1);
  });

  it('cancel first, then the late paid notification: refunded', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/order/v2/flight/orders/${order.id}`,
      headers: bearer(token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const canceled = (await getOrder(token, order.id)).status;
    const late = await notify(notification(pending.paymentId, minor(order.price.orderTotal.amount)));
    expect(body(late).data).toEqual({ result: 'refunded' });
    expect(refundsOf(pending.paymentId)).toHaveLength(1);
    expect((await getOrder(token, order.id)).status).toBe(canceled);
    const [row] = (await lateCaptures(await login(app, 'finance'))).list;
    expect(row).toMatchObject({ orderId: order.id, reason: 'order_not_payable', orderStatus: canceled });
  });

  it('a capture after the payment expired is refunded and the order stays unpaid', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    await t.database.db
      .update(orderPayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderPayments.id, pending.paymentId));
    const state = await app.inject({
      url: `/order/v2/flight/payments/${pending.paymentId}`,
      headers: bearer(token),
    });
    expect(body(state).data).toMatchObject({ status: 'expired' });
    const late = await notify(notification(pending.paymentId, minor(order.price.orderTotal.amount)));
    expect(body(late).data).toEqual({ result: 'refunded' });
    expect(refundsOf(pending.paymentId)).toHaveLength(1);
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
    // A new payment of the same order still works.
    const again = await startPayment(token, order.id);
    expect(again.paymentId).not.toBe(pending.paymentId);
    expect((await submitCheckout(again.redirectUrl, 'paid')).statusCode).toBe(303);
    expect((await getOrder(token, order.id)).status).toBe('proceeding');
  });

  it('a capture of another amount or currency is refunded and the payment stays open', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    const amount = minor(order.price.orderTotal.amount);

    const more = await notify(notification(pending.paymentId, amount + 1, { tradeNo: 'pi_more' }));
    expect(more.statusCode, more.body).toBe(200);
    expect(body(more).data).toEqual({ result: 'refunded' });
    const usd = await notify(notification(pending.paymentId, amount, { tradeNo: 'pi_usd', currency: 'USD' }));
    expect(body(usd).data).toEqual({ result: 'refunded' });
    expect(refundsOf(pending.paymentId)).toMatchObject([
      { tradeNo: 'pi_more', amountMinor: amount + 1, currency: 'CNY' },
      { tradeNo: 'pi_usd', amountMinor: amount, currency: 'USD' },
    ]);
    // A failed notice of another amount moved no money: nothing to refund.
    const failed = await notify(
      notification(pending.paymentId, amount + 2, { tradeNo: 'pi_failed', status: 'failed' }),
    );
    expect(body(failed).data).toEqual({ result: 'ignored' });
    // A currency the portal does not keep cannot be recorded: 422 for the gateway to resolve.
    const unknown = await notify(
      notification(pending.paymentId, amount, { tradeNo: 'pi_x', currency: 'XXX' }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(refundsOf(pending.paymentId)).toHaveLength(2);
    expect(
      body(await notify(notification(pending.paymentId, amount + 1, { tradeNo: 'pi_more' }))).data,
    ).toEqual({ result: 'duplicate' });

    const finance = await lateCaptures(await login(app, 'finance'));
    expect(finance.list.filter((c) => c.orderId === order.id)).toMatchObject([
      { reason: 'amount_mismatch', orderStatus: 'to_be_paid', amount: { currency: 'USD' } },
      { reason: 'amount_mismatch', orderStatus: 'to_be_paid', status: 'refunded' },
    ]);
    // The order is unpaid and its payment still takes the right capture.
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');
    expect(body(await notify(notification(pending.paymentId, amount))).data).toEqual({ result: 'paid' });
    // Another amount under the capture the payment holds is a conflict, never refunded here.
    const conflict = await notify(notification(pending.paymentId, amount + 5));
    expect(conflict.statusCode).toBe(422);
    expect(refundsOf(pending.paymentId)).toHaveLength(2);
    expect((await getOrder(token, order.id)).status).toBe('proceeding');
  });

  it('repeated and concurrent notifications of one late capture refund it once', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    expect((await payByBalance(token, order.id)).statusCode).toBe(200);
    const n = notification(pending.paymentId, minor(order.price.orderTotal.amount));
    const answers = await Promise.all([notify(n), notify(n), notify(n)]);
    expect(answers.map((a) => body<{ result: string }>(a).data.result).sort()).toEqual([
      'duplicate',
      'duplicate',
      'refunded',
    ]);
    expect(body(await notify(n)).data).toEqual({ result: 'duplicate' });
    expect(refundsOf(pending.paymentId)).toHaveLength(1);
    expect((await lateCaptures(await login(app, 'finance'))).total).toBe(1);
  });

  it('retries a refund the gateway could not make, in the background, until it is made once', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    expect((await payByBalance(token, order.id)).statusCode).toBe(200);
    provider.refundsDown = true;
    try {
      const late = await notify(notification(pending.paymentId, minor(order.price.orderTotal.amount)));
      expect(body(late).data).toEqual({ result: 'refund_pending' });
      const [waiting] = (await lateCaptures(await login(app, 'finance'))).list;
      expect(waiting).toMatchObject({ status: 'refund_pending', refundId: null, refundedAt: null });
      await app.runDueJobs(new Date(Date.now() + 10 * 60_000));
      expect(refundsOf(pending.paymentId)).toHaveLength(0);
    } finally {
      provider.refundsDown = false;
    }
    await app.runDueJobs(new Date(Date.now() + 60 * 60_000));
    expect(refundsOf(pending.paymentId)).toHaveLength(1);
    const [done] = (await lateCaptures(await login(app, 'finance'))).list;
    expect(done).toMatchObject({ status: 'refunded', refundId: refundsOf(pending.paymentId)[0]?.refundId });
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, LATE_CAPTURE_REFUND_JOB));
    expect(queued.map((j) => j.doneAt !== null)).toEqual([true]);
  });

  it('shows late captures only to finance of the same agency', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const pending = await startPayment(token, order.id);
    expect((await payByBalance(token, order.id)).statusCode).toBe(200);
    await notify(notification(pending.paymentId, minor(order.price.orderTotal.amount)));
    // SuperUser of the agency: finance access.
    expect((await lateCaptures(token)).total).toBe(1);
    const operator = await app.inject({
      url: '/order/v2/payments/late-captures',
      headers: bearer(await login(app, 'operator')),
    });
    expect(operator.statusCode).toBe(403);
    const partner = await app.inject({
      url: '/order/v2/payments/late-captures',
      headers: bearer(await login(app, 'partner')),
    });
    expect(partner.statusCode === 403 || body<{ total: number }>(partner).data.total === 0).toBe(true);
    expect((await app.inject({ url: '/order/v2/payments/late-captures' })).statusCode).toBe(401);
  });
});
