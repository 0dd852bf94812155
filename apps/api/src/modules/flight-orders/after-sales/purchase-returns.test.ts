import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlightOrder, FlightPaymentResult } from '@portal/domain/flight-order';
import { buildApp } from '../../../app';
import { bearer, body, login, TEST_SECRETS, testConfig, useTestApp } from '../../../test/app';
import { createSimulatedGateways, isSimulatedGateway } from '../../../simulation/payments/simulated-gateway';
import { providerRefundsOf } from '../../payments/index';
import { ledgerViolations, walletAccounts } from '../../wallet/index';
import { UNLIMITED_BOOKINGS_AND_SEARCHES } from '../flight-orders.test-helpers';
import { getOrder, issuedOrder } from './after-sales.test-helpers';
import { REFUND_REVIEW_DELAY_MS } from './refund';

// Seats and bags bought after issue go back with a refund or void of their tickets (docs/ancillaries.md).
const t = useTestApp();
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

const minor = (amount: string) => Math.round(Number(amount) * 100);
const walletBalance = async () => (await walletAccounts(t.database.db, 1))[0]?.balanceMinor ?? 0;
const later = (ms = 60_000) => new Date(Date.now() + ms);
const post = (token: string, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
    ...(payload ? { payload } : {}),
  });

/** A bag bought after issue for passenger 0 of `issued`: the purchase order, not yet paid. */
async function buyBag(token: string, issued: FlightOrder): Promise<FlightOrder> {
  const res = await post(token, `/order/v2/flight/orders/${issued.id}/ancillaries`, {
    selections: [{ passengerIndex: 0, bags: [{ serviceId: 'BAG23-L0', quantity: 1 }] }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return FlightOrder.parse(body(res).data);
}

/** Pays `order` through the simulated Alipay checkout, its completion notified. */
async function payByCard(token: string, order: FlightOrder): Promise<void> {
  const res = await post(token, `/order/v2/flight/orders/${order.id}/payment`, { channel: 'alipay' });
  expect(res.statusCode, res.body).toBe(200);
  const pending = FlightPaymentResult.parse(body(res).data);
  if (pending.status !== 'pending') throw new Error('expected pending');
  const notification = alipay.completion(
    { id: pending.paymentId, amountMinor: minor(pending.amount.amount), currency: pending.amount.currency },
    'paid',
    new Date(),
  );
  const notified = await app.inject({
    method: 'POST',
    url: '/order/v2/payments/notify/alipay',
    payload: notification,
  });
  expect(body(notified).data).toEqual({ result: 'paid' });
}

async function payByBalance(token: string, order: FlightOrder): Promise<void> {
  const res = await post(token, `/order/v2/flight/orders/${order.id}/payment`, { channel: 'balance' });
  expect(res.statusCode, res.body).toBe(200);
}

const notesOf = (order: FlightOrder) => order.timeline.map((e) => e.noteKey).filter(Boolean);

describe('seats and bags bought after issue, when the tickets are voided or refunded', () => {
  it('a void returns the bag bought after issue with the fare, to the wallet that paid both', async () => {
    const token = await login(app);
    const issued = await issuedOrder(app, token);
    const purchase = await buyBag(token, issued);
    await payByBalance(token, purchase);
    await app.runDueJobs(later());
    expect((await getOrder(app, token, purchase.id)).status).toBe('issued');
    const bagPrice = minor(purchase.price.orderTotal.amount);
    expect(bagPrice).toBeGreaterThan(0);

    const before = await walletBalance();
    const voided = await post(token, `/order/v2/flight/orders/${issued.id}/void`, {});
    expect(voided.statusCode, voided.body).toBe(200);
    const voidOrder = FlightOrder.parse(body(voided).data);
    const fareBack = minor(voidOrder.afterSales?.quote?.refundableTotal.amount ?? '0');
    await app.runDueJobs(later());

    const done = await getOrder(app, token, voidOrder.id);
    expect(done.status).toBe('voided_reimbursed');
    expect(await walletBalance()).toBe(before + fareBack + bagPrice);
    const extras = done.timeline.find((e) => e.noteKey === 'purchasedExtrasReturned');
    expect(extras?.noteParams).toMatchObject({
      amount: purchase.price.orderTotal.amount,
      bookingNumbers: purchase.bookingNumber,
    });
    const original = await getOrder(app, token, issued.id);
    expect(original.ancillaries?.map((a) => [a.source, a.status])).toEqual([['purchase', 'voided']]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('a refund returns the bag bought by card to that card, and the fare to the wallet', async () => {
    const token = await login(app);
    await app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: {} });
    const issued = await issuedOrder(app, token);
    const purchase = await buyBag(token, issued);
    await payByCard(token, purchase);
    await app.runDueJobs(later());
    expect((await getOrder(app, token, purchase.id)).status).toBe('issued');

    const requested = await post(token, `/order/v2/flight/orders/${issued.id}/refund`, {
      selection: {
        passengerIds: issued.passengers.map((p) => p.id),
        segmentIndexes: issued.segments.map((_, i) => i),
      },
      reason: { value: 0 },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const refund = FlightOrder.parse(body(requested).data);
    await app.runDueJobs(later(REFUND_REVIEW_DELAY_MS + 60_000));
    const quoted = await getOrder(app, token, refund.id);
    expect(quoted.status).toBe('rfd_to_be_confirm');
    const fareBack = minor(quoted.afterSales?.quote?.refundableTotal.amount ?? '0');
    const before = await walletBalance();
    const confirmed = await post(token, `/order/v2/flight/orders/${refund.id}/confirmation`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await app.runDueJobs(later());
    await app.runDueJobs(later()); // the refund to the card, sent after the transaction

    const done = await getOrder(app, token, refund.id);
    expect(done.status).toBe('refunded_reimbursed');
    expect(notesOf(done)).toContain('purchasedExtrasReturned');
    // Only the fare came back to the wallet; the bag went back to the card that paid for it.
    expect(await walletBalance()).toBe(before + fareBack);
    const toCard = await providerRefundsOf(t.database.db, [refund.id]);
    expect(toCard).toMatchObject([
      { channel: 'alipay', amountMinor: minor(purchase.price.orderTotal.amount), status: 'refunded' },
    ]);
    const original = await getOrder(app, token, issued.id);
    expect(original.ancillaries?.map((a) => a.status)).toEqual(['refunded']);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('returns at once a bag the supplier confirms after its ticket was voided', async () => {
    const token = await login(app);
    const issued = await issuedOrder(app, token);
    const purchase = await buyBag(token, issued);
    // The agent voids the ticket, then pays the bag: the void is credited before the supplier
    // confirms the bag (jobs run in the order they were queued).
    const voided = await post(token, `/order/v2/flight/orders/${issued.id}/void`, {});
    expect(voided.statusCode, voided.body).toBe(200);
    const voidOrder = FlightOrder.parse(body(voided).data);
    await payByBalance(token, purchase);
    const before = await walletBalance();
    await app.runDueJobs(later());
    await app.runDueJobs(later());

    expect((await getOrder(app, token, voidOrder.id)).status).toBe('voided_reimbursed');
    const confirmedPurchase = await getOrder(app, token, purchase.id);
    expect(confirmedPurchase.status).toBe('issued');
    expect(notesOf(confirmedPurchase)).toContain('purchasedExtrasReturned');
    const fareBack = minor(voidOrder.afterSales?.quote?.refundableTotal.amount ?? '0');
    expect(await walletBalance()).toBe(before + fareBack + minor(purchase.price.orderTotal.amount));
    const original = await getOrder(app, token, issued.id);
    expect(original.ancillaries?.map((a) => a.status)).toEqual(['voided']);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses seats and bags for a ticket already voided', async () => {
    const token = await login(app);
    const issued = await issuedOrder(app, token);
    const voided = await post(token, `/order/v2/flight/orders/${issued.id}/void`, {});
    expect(voided.statusCode, voided.body).toBe(200);
    await app.runDueJobs(later());
    const res = await post(token, `/order/v2/flight/orders/${issued.id}/ancillaries`, {
      selections: [{ passengerIndex: 0, bags: [{ serviceId: 'BAG23-L0', quantity: 1 }] }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(body(res).code).toBe(500010);
  });
});
