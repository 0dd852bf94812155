import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FlightPaymentResult, type FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, login, TEST_SECRETS, useTestApp } from '../../test/app';
import { walletAccounts } from '../wallet/wallet.repo';
import { journalEntries } from '../wallet/wallet.schema';
import { orderPayments } from './flight-orders.schema';
import { bookOne } from './flight-orders.test-helpers';
import { sign } from './gateway';

const SECRET = TEST_SECRETS.paymentGateway;
const t = useTestApp();

const startPayment = async (token: string, id: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${id}/payment`,
    headers: bearer(token),
    payload: { channel: 'stripe', returnUrl: `/orders/${id}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = FlightPaymentResult.parse(body(res).data);
  if (result.status !== 'pending') throw new Error('expected pending');
  return result;
};
const notification = (
  paymentId: string,
  amountMinor: number,
  extra: Partial<{ status: 'paid' | 'failed'; timestamp: number; tradeNo: string }> = {},
  secret = SECRET,
) => {
  const unsigned = {
    paymentId,
    tradeNo: extra.tradeNo ?? 'pi_123',
    status: extra.status ?? ('paid' as const),
    amountMinor,
    currency: 'CNY',
    timestamp: extra.timestamp ?? Date.now(),
  };
  return { ...unsigned, signature: sign(secret, 'stripe', unsigned) };
};
const notify = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/order/v2/payments/notify/stripe', payload });
const getOrder = async (token: string, id: string) =>
  body<FlightOrder>(await t.app.inject({ url: `/order/v2/flight/orders/${id}`, headers: bearer(token) }))
    .data;
const minor = (amount: string) => Math.round(Number(amount) * 100);

describe('outside channel through the simulated gateway', () => {
  it('starts a pending redirect payment; a signed paid notification moves the order on once', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const pending = await startPayment(token, order.id);
    expect(pending.redirectUrl).toContain(pending.paymentId);
    expect(Date.parse(pending.expiresAt)).toBeLessThanOrEqual(Date.parse(order.paymentDeadline ?? ''));
    // Starting again resumes the same payment.
    expect((await startPayment(token, order.id)).paymentId).toBe(pending.paymentId);
    const page = await t.app.inject({ url: pending.redirectUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Simulated stripe checkout');

    const amount = minor(order.price.orderTotal.amount);
    const walletBefore = (await walletAccounts(t.database.db, 1))[0]?.balanceMinor;

    // A bad signature and a wrong amount change nothing.
    const forged = await notify(notification(pending.paymentId, amount, {}, 'wrong-secret'));
    expect(forged.statusCode).toBe(401);
    expect(body(forged).code).toBe(600008);
    const stale = await notify(
      notification(pending.paymentId, amount, { timestamp: Date.now() - 10 * 60_000 }),
    );
    expect(stale.statusCode).toBe(401);
    expect((await notify(notification(pending.paymentId, amount + 1))).statusCode).toBe(422);
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
    const state = await t.app.inject({
      url: `/order/v2/flight/payments/${pending.paymentId}`,
      headers: bearer(token),
    });
    expect(body(state).data).toMatchObject({ status: 'paid' });
    // A balance payment after that is refused.
    const twice = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'balance' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('ignores a paid notification after the payment expired, and completes through the checkout page', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const pending = await startPayment(token, order.id);
    await t.database.db
      .update(orderPayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderPayments.id, pending.paymentId));
    const state = await t.app.inject({
      url: `/order/v2/flight/payments/${pending.paymentId}`,
      headers: bearer(token),
    });
    expect(body(state).data).toMatchObject({ status: 'expired' });
    const late = await notify(notification(pending.paymentId, minor(order.price.orderTotal.amount)));
    expect(body(late).data).toEqual({ result: 'expired' });
    expect((await getOrder(token, order.id)).status).toBe('to_be_paid');

    // A new payment, paid on the simulated checkout page.
    const again = await startPayment(token, order.id);
    expect(again.paymentId).not.toBe(pending.paymentId);
    const done = await t.app.inject({ url: `${again.redirectUrl ?? ''}/complete?outcome=paid` });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/orders/${order.id}`);
    expect((await getOrder(token, order.id)).status).toBe('proceeding');
  });
});
