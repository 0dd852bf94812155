import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../test/app';
import { startStripeMock, type StripeMock } from '../../test/mocks/stripe-mock';
import {
  bookOne,
  UNLIMITED_BOOKINGS_AND_SEARCHES,
} from '../../modules/flight-orders/flight-orders.test-helpers';
import { orderPayments } from '../../modules/payments/payments.schema';
import { ledgerViolations } from '../../modules/wallet/index';
import { completeAndNotify, payByCard, postWebhook, stripeEnv } from './stripe-app.test-helpers';

const t = useTestApp();
let mock: StripeMock;
let app: FastifyInstance;
beforeAll(async () => {
  mock = await startStripeMock({ webhookSecret: 'whsec_app_test_secret_00000001' });
  app = await t.build(stripeEnv(mock), undefined, { limits: UNLIMITED_BOOKINGS_AND_SEARCHES });
});
afterAll(() => mock.close());

const orderOf = async (token: string, id: string) =>
  FlightOrder.parse(
    body(await app.inject({ url: `/order/v2/flight/orders/${id}`, headers: bearer(token) })).data,
  );
const paymentRow = async (id: string) =>
  (await t.database.db.select().from(orderPayments).where(eq(orderPayments.id, id)))[0];

describe("Stripe's webhook", () => {
  it('offers the stripe channel through the real provider, and sends the payer to its Checkout Session', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const { paymentId, session } = await payByCard(app, mock, token, order.id);
    expect(session).toMatchObject({ metadata: { paymentId }, status: 'open' });
    const row = await paymentRow(paymentId);
    // Stripe keeps a session open 30 minutes at least; the portal's payment never outlives the
    // order's deadline: money taken after it is a late capture, refunded.
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(session.expires_at * 1000);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(15 * 60_000);
  });

  it('pays the order when the session completes, once however often the event comes', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const { paymentId, session } = await payByCard(app, mock, token, order.id);
    const { delivery, result } = await completeAndNotify(app, mock, session);
    expect(result).toBe('paid');
    const paid = await orderOf(token, order.id);
    expect(paid.status).toBe('proceeding');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'paid', tradeNo: session.payment_intent });

    const replay = await postWebhook(app, delivery);
    expect(replay.statusCode).toBe(200);
    expect(body(replay).data).toEqual({ received: true, result: 'duplicate' });
    expect(mock.refunds).toHaveLength(0);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const { paymentId, session } = await payByCard(app, mock, token, order.id);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = 'pi_test_forged';
    const forged = await mock.deliver('checkout.session.completed', session, {
      secret: 'whsec_not_the_portals_0001',
    });
    const res = await postWebhook(app, forged);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 600012 });
    const tampered = await postWebhook(app, {
      payload: forged.payload.replace('"paid"', '"unpaid"'),
      header: mock.signature(forged.payload),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/order/v2/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const garbage = await postWebhook(app, { payload: '{"not json', header: mock.signature('{"not json') });
    expect(garbage.statusCode).toBe(400);
    expect((await paymentRow(paymentId))?.status).toBe('pending');
    expect((await orderOf(token, order.id)).status).toBe('to_be_paid');
  });

  it('is declared like every route: public, documented in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; 'x-access'?: unknown }>>;
    };
    const operation = doc.paths['/order/v2/payments/stripe/webhook']?.post;
    expect(operation?.operationId).toBe('stripeWebhook');
    expect(operation?.['x-access']).toMatchObject({ name: 'public' });
    expect(t.app.routeTable.some((r) => r.url === '/order/v2/payments/stripe/webhook')).toBe(false);
  });

  it('ignores events the portal does not act on', async () => {
    const delivery = await mock.deliver('payment_intent.created', {
      id: 'pi_test_x',
      object: 'payment_intent',
    });
    const res = await postWebhook(app, delivery);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ received: true, result: 'ignored' });
  });

  it('waits for a delayed payment method, and closes the payment when it fails', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const { paymentId, session } = await payByCard(app, mock, token, order.id);
    session.status = 'complete';
    session.payment_intent = 'pi_test_delayed';
    const completed = await mock.deliver('checkout.session.completed', session);
    expect(body(await postWebhook(app, completed)).data).toEqual({ received: true, result: 'ignored' });
    const failed = await mock.deliver('checkout.session.async_payment_failed', session);
    expect(body(await postWebhook(app, failed)).data).toEqual({ received: true, result: 'failed' });
    expect((await paymentRow(paymentId))?.status).toBe('failed');
    expect((await orderOf(token, order.id)).status).toBe('to_be_paid');
  });

  it('closes the payment when the session expires unpaid', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const { paymentId, session } = await payByCard(app, mock, token, order.id);
    const res = await postWebhook(app, await mock.expire(session.id));
    expect(body(res).data).toEqual({ received: true, result: 'failed' });
    expect((await paymentRow(paymentId))?.status).toBe('failed');
  });

  it('refuses money of another amount or currency for the order, and gives it back to the card', async () => {
    const token = await login(app);
    const order = await bookOne(app, token);
    const { paymentId, session } = await payByCard(app, mock, token, order.id);
    session.amount_total -= 100;
    const { result } = await completeAndNotify(app, mock, session);
    expect(result).toBe('refunded');
    expect((await orderOf(token, order.id)).status).toBe('to_be_paid');
    expect((await paymentRow(paymentId))?.status).toBe('pending');
    expect(mock.refunds.filter((r) => r.payment_intent === session.payment_intent)).toMatchObject([
      { amount: session.amount_total },
    ]);

    const other = await bookOne(app, token);
    const second = await payByCard(app, mock, token, other.id);
    second.session.currency = 'usd';
    expect((await completeAndNotify(app, mock, second.session)).result).toBe('refunded');
    expect((await orderOf(token, other.id)).status).toBe('to_be_paid');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
