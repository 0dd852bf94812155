import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { FlightPaymentResult } from '@portal/domain/flight-order';
import { bearer, body } from '../../test/app';
import type { MockSession, StripeMock } from '../../test/mocks/stripe-mock';

export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_app_test_secret_00000001';

/** The environment of an app with Stripe on, against the mock at `mock.url`. */
export const stripeEnv = (mock: StripeMock) => ({
  STRIPE_SECRET_KEY: 'sk_test_apptest0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
  STRIPE_API_HOST: mock.url,
  PUBLIC_URL: 'https://portal.example',
  ENABLE_TEST_HOOKS: 'true',
});

/** Starts paying `orderId` by card: the Checkout Session the payer is sent to. */
export async function payByCard(app: FastifyInstance, mock: StripeMock, token: string, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${orderId}/payment`,
    headers: bearer(token),
    payload: { channel: 'stripe', returnUrl: `/orders/${orderId}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = FlightPaymentResult.parse(body(res).data);
  if (result.status !== 'pending' || !result.redirectUrl) throw new Error('expected a pending card payment');
  const session = mock.sessions.get(result.redirectUrl.split('/').pop() ?? '');
  if (!session) throw new Error('no Checkout Session at the mock');
  return { paymentId: result.paymentId, session };
}

/** Posts a webhook delivery to the app as Stripe would. */
export const postWebhook = (app: FastifyInstance, delivery: { payload: string; header: string }) =>
  app.inject({
    method: 'POST',
    url: '/order/v2/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.header },
    payload: delivery.payload,
  });

/** Completes the session at the mock (paid) and delivers its webhook to the app. */
export async function completeAndNotify(app: FastifyInstance, mock: StripeMock, session: MockSession) {
  const delivery = await mock.complete(session.id);
  const res = await postWebhook(app, delivery);
  expect(res.statusCode, res.body).toBe(200);
  return { delivery, result: body<{ result: string }>(res).data.result };
}
