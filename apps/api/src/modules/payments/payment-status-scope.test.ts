import { describe, expect, it } from 'vitest';
import { FlightPaymentResult } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { setCommonConfig } from '../../test/agency-config';

const t = useTestApp();

/** Sets the agency's "only show own orders" (agency 1, where `admin` and `operator` work). */
async function onlyOwnOrders(on: boolean): Promise<void> {
  await setCommonConfig(t.database.db, 1, { onlyShowOwnOrders: on });
}

/**
 * The status of an outside payment names its order: it is seen by whoever may see that order.
 * With "only show own orders", a colleague who gets 404 for the order gets 404 for its payment.
 */
describe('the status of a payment, by who may see its order', () => {
  it('is the payer’s to poll, and a colleague’s only while the agency shows everyone’s orders', async () => {
    const admin = await login(t.app);
    const order = await bookOne(t.app, admin);
    const started = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(admin),
      payload: { channel: 'stripe', returnUrl: `/orders/${order.id}` },
    });
    expect(started.statusCode, started.body).toBe(200);
    const pending = FlightPaymentResult.parse(body(started).data);
    if (pending.status !== 'pending') throw new Error(`expected a pending payment: ${started.body}`);
    const operator = await login(t.app, 'operator');
    const status = (token: string) =>
      t.app.inject({ url: `/order/v2/flight/payments/${pending.paymentId}`, headers: bearer(token) });

    expect((await status(operator)).statusCode).toBe(200);

    await onlyOwnOrders(true);
    expect(
      (await t.app.inject({ url: `/order/v2/flight/orders/${order.id}`, headers: bearer(operator) }))
        .statusCode,
    ).toBe(404);
    const hidden = await status(operator);
    expect(hidden.statusCode, hidden.body).toBe(404);
    const own = await status(admin);
    expect(own.statusCode, own.body).toBe(200);
    expect(body(own).data).toMatchObject({ status: 'pending', orderId: order.id });
  });
});
