import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { startStripeMock, type StripeMock } from '../../test/mocks/stripe-mock';
import { clientAddress, createStripeProvider, sessionExpiry, type StripeProvider } from './stripe-provider';

const NOW = new Date('2026-03-01T08:00:00Z');
const SECRET = 'whsec_contract_test_secret_0001';
let mock: StripeMock;
let stripe: StripeProvider;

beforeAll(async () => {
  mock = await startStripeMock({ webhookSecret: SECRET, now: () => NOW.getTime() });
  stripe = createStripeProvider({
    secretKey: 'sk_test_contract0123456789abcdef',
    webhookSecret: SECRET,
    apiHost: mock.url,
    publicUrl: 'https://portal.example',
    now: () => NOW,
    maxNetworkRetries: 0,
  });
});
afterAll(() => mock.close());

const request = (paymentId: string, amountMinor = 123_450, currency = 'CNY') => ({
  paymentId,
  amountMinor,
  currency,
  expiresAt: new Date(NOW.getTime() + 15 * 60_000),
  returnUrl: '/orders/abc',
  description: 'Flight order TB0001',
});

const sessionOf = (url: string) => {
  const id = url.split('/').pop() ?? '';
  const session = mock.sessions.get(id);
  if (!session) throw new Error(`no session ${id}`);
  return session;
};

describe('the Stripe provider against the Stripe mock', () => {
  it('reads STRIPE_API_HOST into the client address', () => {
    expect(clientAddress('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(clientAddress('api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(clientAddress(undefined)).toEqual({});
  });

  it("starts a Checkout Session: the hosted page's URL, the payment id in its metadata", async () => {
    const answer = await stripe.start(request('11111111-1111-4111-8111-111111111111'));
    expect(answer).toEqual({ redirectUrl: expect.stringMatching(`^${mock.url}/c/pay/cs_test_`) });
    const session = sessionOf('redirectUrl' in answer ? answer.redirectUrl : '');
    expect(session).toMatchObject({
      amount_total: 123_450,
      currency: 'cny',
      metadata: { paymentId: '11111111-1111-4111-8111-111111111111' },
      client_reference_id: '11111111-1111-4111-8111-111111111111',
      success_url: 'https://portal.example/orders/abc',
    });
    const call = mock.requests.at(-1);
    expect(call?.idempotencyKey).toBe('portal-checkout-11111111-1111-4111-8111-111111111111');
  });

  it("raises the session's expiry to Stripe's 30 minute minimum, and keeps a longer one", async () => {
    await stripe.start(request('22222222-2222-4222-8222-222222222222'));
    const expires = Number(mock.requests.at(-1)?.form.expires_at);
    expect(expires * 1000 - NOW.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    const later = new Date(NOW.getTime() + 3 * 3_600_000);
    expect(sessionExpiry(later, NOW) * 1000).toBe(later.getTime());
  });

  it('answers a resumed payment with the same session (idempotency key per payment)', async () => {
    const first = await stripe.start(request('33333333-3333-4333-8333-333333333333'));
    const again = await stripe.start(request('33333333-3333-4333-8333-333333333333'));
    expect(again).toEqual(first);
    expect(
      [...mock.sessions.values()].filter((s) => s.metadata.paymentId?.startsWith('33333333')),
    ).toHaveLength(1);
  });

  it('sends zero-decimal amounts as whole yen and won', async () => {
    const yen = await stripe.start(request('44444444-4444-4444-8444-444444444444', 52_000, 'JPY'));
    expect(sessionOf('redirectUrl' in yen ? yen.redirectUrl : '')).toMatchObject({
      amount_total: 52_000,
      currency: 'jpy',
    });
    const won = await stripe.start(request('55555555-5555-4555-8555-555555555555', 650_000, 'KRW'));
    expect(sessionOf('redirectUrl' in won ? won.redirectUrl : '')).toMatchObject({
      amount_total: 650_000,
      currency: 'krw',
    });
  });

  it('refunds a capture in part and in full, once per idempotency key', async () => {
    const answer = await stripe.start(request('66666666-6666-4666-8666-666666666666', 10_000, 'USD'));
    const session = sessionOf('redirectUrl' in answer ? answer.redirectUrl : '');
    await mock.complete(session.id);
    const tradeNo = session.payment_intent ?? '';
    const base = { paymentId: '66666666-6666-4666-8666-666666666666', tradeNo, currency: 'USD' };
    const part = await stripe.refund({ ...base, amountMinor: 4_000, idempotencyKey: 'refund-a' });
    const replay = await stripe.refund({ ...base, amountMinor: 4_000, idempotencyKey: 'refund-a' });
    expect(replay).toEqual(part);
    expect(mock.refunds.filter((r) => r.payment_intent === tradeNo).map((r) => r.amount)).toEqual([4_000]);
    await stripe.refund({ ...base, amountMinor: 6_000, idempotencyKey: 'refund-b' });
    const over = stripe.refund({ ...base, amountMinor: 1, idempotencyKey: 'refund-c' });
    await expect(over).rejects.toMatchObject({ errorName: 'PAYMENT_UNPROCESSABLE' });
  });

  it("turns Stripe's errors into the portal's: refusals 422, outages 502, unknown currencies 400", async () => {
    mock.fail({ status: 500, type: 'api_error', message: 'Something went wrong on our end' });
    const outage = stripe.start(request('77777777-7777-4777-8777-777777777777'));
    await expect(outage).rejects.toMatchObject({ errorName: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    mock.fail({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided' });
    const auth = stripe.start(request('77777777-7777-4777-8777-777777777777'));
    await expect(auth).rejects.toMatchObject({ errorName: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    const unknown = stripe.refund({
      paymentId: 'x',
      tradeNo: 'pi_missing',
      amountMinor: 100,
      currency: 'USD',
      idempotencyKey: 'k',
    });
    await expect(unknown).rejects.toBeInstanceOf(AppError);
    await expect(unknown).rejects.toMatchObject({ errorName: 'PAYMENT_UNPROCESSABLE' });
    const currency = stripe.start(request('88888888-8888-4888-8888-888888888888', 100, 'XYZ'));
    await expect(currency).rejects.toMatchObject({ errorName: 'PAYMENT_CHANNEL_UNAVAILABLE' });
  });

  it('verifies webhooks by their signature and reads a paid session into a notification', async () => {
    const answer = await stripe.start(request('99999999-9999-4999-8999-999999999999', 52_000, 'JPY'));
    const session = sessionOf('redirectUrl' in answer ? answer.redirectUrl : '');
    const delivery = await mock.complete(session.id);
    const event = stripe.verifyWebhook(delivery.payload, delivery.header);
    expect(stripe.notificationOf(event)).toMatchObject({
      paymentId: '99999999-9999-4999-8999-999999999999',
      tradeNo: session.payment_intent,
      status: 'paid',
      amountMinor: 52_000,
      currency: 'JPY',
    });
    const forged = mock.signature(delivery.payload, undefined, 'whsec_someone_else_000000');
    expect(() => stripe.verifyWebhook(delivery.payload, forged)).toThrow(AppError);
    expect(() => stripe.verifyWebhook(delivery.payload.replace('52000', '1'), delivery.header)).toThrow(
      AppError,
    );
    expect(() => stripe.verifyWebhook(delivery.payload, undefined)).toThrow(AppError);
  });

  it('serves a hosted page whose Pay button completes the session, delivers the signed webhook and goes back', async () => {
    const received: { payload: string; header: string }[] = [];
    const hook = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          payload: Buffer.concat(chunks).toString('utf8'),
          header: String(req.headers['stripe-signature']),
        });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    mock.webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    try {
      const answer = await stripe.start(request('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 9_900, 'USD'));
      const url = 'redirectUrl' in answer ? answer.redirectUrl : '';
      const page = await fetch(url);
      expect(await page.text()).toContain('<button id="pay"');
      const paid = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe('https://portal.example/orders/abc');
      expect(received).toHaveLength(1);
      const event = stripe.verifyWebhook(received[0]?.payload ?? '', received[0]?.header);
      expect(stripe.notificationOf(event)).toMatchObject({
        status: 'paid',
        amountMinor: 9_900,
        currency: 'USD',
      });
    } finally {
      mock.webhookUrl = undefined;
      await new Promise((resolve) => hook.close(resolve));
    }
  });
});
