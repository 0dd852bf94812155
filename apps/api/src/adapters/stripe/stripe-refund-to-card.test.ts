import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../test/app';
import { startStripeMock, type StripeMock } from '../../test/mocks/stripe-mock';
import {
  bookOne,
  UNLIMITED_BOOKINGS_AND_SEARCHES,
} from '../../modules/flight-orders/flight-orders.test-helpers';
import { afterTicketing, getOrder } from '../../modules/flight-orders/after-sales/after-sales.test-helpers';
import { providerRefunds } from '../../modules/payments/provider-refunds.schema';
import { journalEntries, ledgerViolations, walletAccounts } from '../../modules/wallet/index';
import { completeAndNotify, payByCard, stripeEnv } from './stripe-app.test-helpers';

const t = useTestApp();
let mock: StripeMock;
let app: FastifyInstance;
beforeAll(async () => {
  mock = await startStripeMock({ webhookSecret: 'whsec_app_test_secret_00000001' });
  app = await t.build(stripeEnv(mock), undefined, { limits: UNLIMITED_BOOKINGS_AND_SEARCHES });
});
afterAll(() => mock.close());
beforeEach(async () => {
  mock.recover();
  await app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
  await app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: {} });
});

const walletBalance = async () => (await walletAccounts(t.database.db, 1))[0]?.balanceMinor ?? 0;
const refundsOf = (orderId: string) =>
  t.database.db.select().from(providerRefunds).where(eq(providerRefunds.orderId, orderId));
const setFaults = (faults: object) =>
  app.inject({ method: 'POST', url: '/__test/suppliers/sim-gds/faults', payload: faults });

/** An order of sim-gds paid by card through the Stripe mock, its ticketing not yet run. */
async function paidByCard(token: string) {
  const order = await bookOne(app, token, 'sim-gds');
  const { session } = await payByCard(app, mock, token, order.id);
  expect((await completeAndNotify(app, mock, session)).result).toBe('paid');
  return { order, session };
}

describe('refunds of an order paid by card go back to the card', () => {
  it('gives the money of a failed ticketing back to the card, the wallet untouched', async () => {
    const token = await login(app);
    const before = await walletBalance();
    const { order, session } = await paidByCard(token);
    await setFaults({ ticketError: true });
    await app.runDueJobs(afterTicketing());
    await app.runDueJobs(afterTicketing());

    const failed = await getOrder(app, token, order.id);
    expect(failed.status).toBe('failed_reimbursed');
    expect(JSON.stringify(failed.timeline)).toMatch(/card/i);
    expect(await refundsOf(order.id)).toMatchObject([
      { status: 'refunded', amountMinor: session.amount_total, reason: 'ticketing_failed', attempts: 1 },
    ]);
    expect(mock.refunds.filter((r) => r.payment_intent === session.payment_intent)).toMatchObject([
      { amount: session.amount_total, currency: 'cny' },
    ]);
    expect(await walletBalance()).toBe(before);
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.orderId, order.id));
    expect(entries.map((e) => [e.kind, e.meta.paymentMethod]).sort()).toEqual([
      ['origin-flight', 'stripe'],
      ['reimbursement', 'stripe'],
    ]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('retries a refund Stripe could not make, and makes it once', async () => {
    const token = await login(app);
    const { order, session } = await paidByCard(token);
    await setFaults({ ticketError: true });
    mock.fail({ status: 500, type: 'api_error', message: 'Stripe is down', path: '/v1/refunds' }, Infinity);
    const at = afterTicketing().getTime();
    await app.runDueJobs(new Date(at));
    await app.runDueJobs(new Date(at));
    expect((await getOrder(app, token, order.id)).status).toBe('failed_reimbursed');
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({ status: 'refund_pending', refundId: null });
    expect(pending?.attempts).toBeGreaterThanOrEqual(1);
    expect(pending?.lastError).toBeTruthy();
    expect(mock.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(0);

    mock.recover();
    await app.runDueJobs(new Date(at + 3_600_000));
    await app.runDueJobs(new Date(at + 7_200_000));
    expect(await refundsOf(order.id)).toMatchObject([{ status: 'refunded' }]);
    expect(mock.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    const keys = new Set(
      mock.requests
        .filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === session.payment_intent)
        .map((r) => r.idempotencyKey),
    );
    expect(keys).toEqual(new Set([`order-refund-${order.id}-ticketing_failed`]));
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refunds an issued ticket to the card in part: what the supplier refunds, less fees', async () => {
    const token = await login(app);
    const before = await walletBalance();
    const { order, session } = await paidByCard(token);
    await app.runDueJobs(afterTicketing());
    const issued = await getOrder(app, token, order.id);
    expect(issued.status).toBe('issued');
    await app.inject({
      method: 'POST',
      url: '/__test/after-sales/desk',
      payload: { refund: { feePercent: 10 } },
    });
    const asked = await app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/refund`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: {
        selection: {
          passengerIds: issued.passengers.map((p) => p.id),
          segmentIndexes: issued.segments.map((_, i) => i),
        },
        reason: { value: 0 },
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const refund = FlightOrder.parse(body(asked).data);
    const later = (ms: number) => new Date(afterTicketing().getTime() + ms);
    await app.runDueJobs(later(3_600_000));
    const quoted = await getOrder(app, token, refund.id);
    expect(quoted.status).toBe('rfd_to_be_confirm');
    const refundable = Math.round(Number(quoted.afterSales?.quote?.refundableTotal.amount) * 100);
    expect(refundable).toBeGreaterThan(0);
    expect(refundable).toBeLessThan(session.amount_total);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${refund.id}/confirmation`,
      headers: bearer(token),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await app.runDueJobs(later(2 * 3_600_000));
    await app.runDueJobs(later(2 * 3_600_000));

    expect((await getOrder(app, token, refund.id)).status).toBe('refunded_reimbursed');
    expect(await refundsOf(refund.id)).toMatchObject([
      { status: 'refunded', amountMinor: refundable, reason: 'refund' },
    ]);
    expect(mock.refunds.filter((r) => r.payment_intent === session.payment_intent)).toMatchObject([
      { amount: refundable },
    ]);
    expect(await walletBalance()).toBe(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
