import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlightPaymentResult } from '@portal/domain/flight-order';
import { buildApp } from '../../app';
import { bearer, body, login, TEST_SECRETS, testConfig, useTestApp } from '../../test/app';
import { createSimulatedGateways, isSimulatedGateway } from '../../simulation/payments/simulated-gateway';
import { bookOne, UNLIMITED_BOOKINGS_AND_SEARCHES } from '../flight-orders/flight-orders.test-helpers';
import { afterTicketing, getOrder } from '../flight-orders/after-sales/after-sales.test-helpers';
import { outboundMessages } from '../notifications/index';
import { ledgerViolations, walletAccounts } from '../wallet/index';
import { providerRefunds } from './provider-refunds.schema';

const t = useTestApp();
// The demo's simulated providers are providers too: a card-paid order's money goes back through them.
const gateways = createSimulatedGateways(TEST_SECRETS.paymentGateway);
const alipay = (() => {
  const gateway = gateways.get('alipay');
  if (!isSimulatedGateway(gateway)) throw new Error('no simulated alipay');
  return gateway;
})();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ ENABLE_TEST_HOOKS: 'true' }),
    database: t.database,
    gateways,
    limits: UNLIMITED_BOOKINGS_AND_SEARCHES,
  });
});
afterAll(() => app.close());

const walletBalance = async () => (await walletAccounts(t.database.db, 1))[0]?.balanceMinor ?? 0;

async function paidThroughAlipay(token: string) {
  const order = await bookOne(app, token, 'sim-gds');
  const res = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${order.id}/payment`,
    headers: bearer(token),
    payload: { channel: 'alipay' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const pending = FlightPaymentResult.parse(body(res).data);
  if (pending.status !== 'pending') throw new Error('expected pending');
  const notification = alipay.completion(
    {
      id: pending.paymentId,
      amountMinor: Math.round(Number(pending.amount.amount) * 100),
      currency: pending.amount.currency,
    },
    'paid',
    new Date(),
  );
  const notified = await app.inject({
    method: 'POST',
    url: '/order/v2/payments/notify/alipay',
    payload: notification,
  });
  expect(body(notified).data).toEqual({ result: 'paid' });
  return { order, notification };
}

describe('refunds to the payer through a simulated provider', () => {
  it('gives a failed ticketing back through the provider that took the money, retried until it answers', async () => {
    const token = await login(app);
    const before = await walletBalance();
    const { order, notification } = await paidThroughAlipay(token);
    await app.inject({
      method: 'POST',
      url: '/__test/suppliers/sim-gds/faults',
      payload: { ticketError: true },
    });
    alipay.refundsDown = true;
    const at = afterTicketing().getTime();
    await app.runDueJobs(new Date(at));
    await app.runDueJobs(new Date(at));
    expect((await getOrder(app, token, order.id)).status).toBe('failed_reimbursed');
    const rows = () =>
      t.database.db.select().from(providerRefunds).where(eq(providerRefunds.orderId, order.id));
    expect(await rows()).toMatchObject([{ status: 'refund_pending', channel: 'alipay' }]);

    alipay.refundsDown = false;
    await app.runDueJobs(new Date(at + 3_600_000));
    await app.runDueJobs(new Date(at + 7_200_000));
    expect(await rows()).toMatchObject([{ status: 'refunded', amountMinor: notification.amountMinor }]);
    expect(alipay.refunds.filter((r) => r.tradeNo === notification.tradeNo)).toMatchObject([
      { amountMinor: notification.amountMinor, idempotencyKey: `order-refund-${order.id}-ticketing_failed` },
    ]);
    expect(await walletBalance()).toBe(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    const [mail] = await t.database.db
      .select({ payload: outboundMessages.payload })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.orderId, order.id),
          eq(outboundMessages.kind, 'order.ticketing_failed'),
          eq(outboundMessages.channel, 'email'),
        ),
      );
    expect(String(mail?.payload.text)).toContain(
      'The money goes back to the card it was paid with, through Alipay',
    );
    expect(String(mail?.payload.text)).not.toContain('wallet');
  });
});
