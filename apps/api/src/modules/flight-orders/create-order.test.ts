import { eq } from 'drizzle-orm';
import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { FlightOrder } from '@portal/domain/flight-order';
import { VerificationResult } from '@portal/domain/shopping';
import { bearer, body, login, useTestApp } from '../../test/app';
import { lookToBookOf } from '../shopping/look-to-book';
import { flightOrders } from './flight-orders.schema';
import { adult, child, contact, createOrder, pickSolution } from './flight-orders.test-helpers';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
});
const setFaults = (name: string, faults: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/__test/suppliers/${name}/faults`, payload: faults });

type Errors = { errors: { path: string; key: string }[] };

async function oneAdult(token: string) {
  return { solutionId: (await pickSolution(t.app, token)).id, passengers: [adult()], contact: contact() };
}

describe('POST /order/v2/flight/orders', () => {
  it('books one adult and one child in to_be_paid with a PNR, a deadline and pay/cancel actions', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token, { passengers: { adult: 1, child: 1, infant: 0 } });
    const res = await createOrder(t.app, token, {
      solutionId: solution.id,
      passengers: [adult(), child()],
      contact: contact(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = FlightOrder.parse(body(res).data);
    expect(order).toMatchObject({
      status: 'to_be_paid',
      statusColor: 'primary',
      type: 'origin',
      allowedActions: ['pay', 'cancel'],
      payment: { state: 'unpaid', channel: null, paidAt: null },
    });
    expect(order.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.bookingNumber).toMatch(/^F\d{8}\d{6}$/);
    expect(order.passengers).toHaveLength(2);
    expect(order.price.orderTotal).toEqual(solution.priceDetail.total);
    expect(order.timeline.map((e) => e.status)).toEqual(['to_be_paid']);
    const deadline = Date.parse(order.paymentDeadline ?? '');
    expect(deadline).toBeGreaterThan(Date.now());
    expect(deadline).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
    expect((await lookToBookOf(t.database.db, 1, new Date())).bookings).toBe(1);
  });

  it('refuses each passenger and contact rule with its code and field errors', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token);
    const cases = [
      { passengers: [adult({ surname: 'ZH4NG' })], code: 700001, path: 'passengers.0.surname' },
      {
        passengers: [
          adult({ travel_document: { type: 'passport', interfaceType: 'passport', number: 'P1234567' } }),
        ],
        code: 700001,
        path: 'passengers.0.travel_document.expiryDate',
      },
      { passengers: [adult(), child()], code: 700002, path: 'passengers' },
      {
        passengers: [adult()],
        contactOverride: { email: 'not-an-email' },
        code: 700004,
        path: 'contact.email',
      },
    ];
    for (const c of cases) {
      const res = await createOrder(t.app, token, {
        solutionId: solution.id,
        passengers: c.passengers,
        contact: contact(c.contactOverride ?? {}),
      });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      const b = body<Errors>(res);
      expect(b.code).toBe(c.code);
      expect(b.data.errors.map((e) => e.path)).toContain(c.path);
    }
    expect(await t.database.db.select().from(flightOrders)).toHaveLength(0);
  });

  it('draws another booking number when the first one is taken', async () => {
    const token = await login(t.app);
    const first = FlightOrder.parse(body(await createOrder(t.app, token, await oneAdult(token))).data);
    const taken = Number(first.bookingNumber.slice(-6));
    const draw = vi.spyOn(crypto, 'randomInt') as unknown as MockInstance<(max: number) => number>;
    draw.mockReturnValueOnce(taken).mockReturnValueOnce((taken + 1) % 1_000_000);
    try {
      const res = await createOrder(t.app, token, await oneAdult(token));
      expect(res.statusCode, res.body).toBe(200);
      const second = FlightOrder.parse(body(res).data);
      expect(second.bookingNumber).toMatch(/^F\d{14}$/);
      expect(second.bookingNumber).not.toBe(first.bookingNumber);
      expect(draw).toHaveBeenCalledTimes(2);
      expect(second.timeline.map((e) => e.status)).toEqual(['to_be_paid']);
    } finally {
      draw.mockRestore();
    }
  });

  it('creates one order for one Idempotency-Key', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token);
    const payload = { solutionId: solution.id, passengers: [adult()], contact: contact() };
    const first = await createOrder(t.app, token, payload, 'book-1');
    const second = await createOrder(t.app, token, payload, 'book-1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(body<{ id: string }>(second).data.id).toBe(body<{ id: string }>(first).data.id);
    expect(await t.database.db.select().from(flightOrders)).toHaveLength(1);
  });

  it('answers 409 with the new quote when the price changed, and 502 when the supplier refuses', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token, { supplier: 'sim-gds' });
    const payload = { solutionId: solution.id, passengers: [adult()], contact: contact() };
    await setFaults('sim-gds', { priceChange: 10 });
    const changed = await createOrder(t.app, token, payload, 'k-change');
    expect(changed.statusCode).toBe(409);
    expect(body(changed).code).toBe(500004);
    const result = VerificationResult.parse(body(changed).data);
    expect(result.outcome).toBe('price_changed');
    expect(Number(result.solution?.priceDetail.total.amount)).toBeGreaterThan(
      Number(solution.priceDetail.total.amount),
    );
    // The new quote can be booked.
    await setFaults('sim-gds', {});
    const rebooked = await createOrder(t.app, token, { ...payload, solutionId: result.solution?.id });
    expect(rebooked.statusCode, rebooked.body).toBe(200);

    await setFaults('sim-gds', { bookError: true });
    const failed = await createOrder(t.app, token, payload);
    expect(failed.statusCode).toBe(502);
    expect(body(failed).code).toBe(500003);
    const rows = await t.database.db.select().from(flightOrders).where(eq(flightOrders.agencyId, 1));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown solution and a caller without the flight service', async () => {
    const token = await login(t.app);
    const res = await createOrder(t.app, token, {
      solutionId: 'nope',
      passengers: [adult()],
      contact: contact(),
    });
    expect(res.statusCode).toBe(404);
    const train = await login(t.app, 'trainop');
    const denied = await t.app.inject({ url: '/order/v2/flight/orders/x', headers: bearer(train) });
    expect(denied.statusCode).toBe(403);
  });
});
