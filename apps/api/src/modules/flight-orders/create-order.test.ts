import { eq, sql } from 'drizzle-orm';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { FlightOrder } from '@portal/domain/flight-order';
import { VerificationResult } from '@portal/domain/shopping';
import { buildApp } from '../../app';
import { idempotencyKeys } from '../../platform/idempotency.schema';
import { jobs } from '../../platform/jobs.schema';
import { bearer, body, login, testConfig, useTestApp } from '../../test/app';
import { lookToBookOf } from '../shopping/index';
import { flightOrders } from './flight-orders.schema';
import {
  adult,
  child,
  contact,
  createOrder,
  gatedRegistry,
  pickSolution,
  UNLIMITED_BOOKINGS,
} from './flight-orders.test-helpers';
import { PNR_CANCEL_JOB } from './order-jobs';

const t = useTestApp();
const { registry, gates } = gatedRegistry(testConfig().supplierSeed);
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ ENABLE_TEST_HOOKS: 'true' }),
    database: t.database,
    suppliers: registry,
    limits: UNLIMITED_BOOKINGS,
  });
});
afterAll(async () => {
  await app.close();
});
afterEach(async () => {
  await app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
  gates.verifyGate.open();
  gates.bookGate.open();
  vi.restoreAllMocks();
});
const setFaults = (name: string, faults: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/__test/suppliers/${name}/faults`, payload: faults });

/** Counts every supplier booking call (sim-gds is gated, the others are the plain simulations). */
function spyOnBookings() {
  return registry.list().map((s) => vi.spyOn(s, 'book'));
}
const bookCalls = (spies: ReturnType<typeof spyOnBookings>) =>
  spies.reduce((n, s) => n + s.mock.calls.length, 0);

type Errors = { errors: { path: string; key: string }[] };

async function oneAdult(token: string) {
  return { solutionId: (await pickSolution(app, token)).id, passengers: [adult()], contact: contact() };
}

describe('POST /order/v2/flight/orders', () => {
  it('books one adult and one child in to_be_paid with a PNR, a deadline and pay/cancel actions', async () => {
    const token = await login(app);
    const solution = await pickSolution(app, token, { passengers: { adult: 1, child: 1, infant: 0 } });
    const res = await createOrder(app, token, {
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

  it('answers the booking as the order reads afterwards (the answer is made from what was written)', async () => {
    const token = await login(app);
    const res = await createOrder(app, token, await oneAdult(token));
    expect(res.statusCode, res.body).toBe(200);
    const booked = FlightOrder.parse(body(res).data);
    const read = await app.inject({ url: `/order/v2/flight/orders/${booked.id}`, headers: bearer(token) });
    expect(read.statusCode, read.body).toBe(200);
    expect(body(read).data).toEqual(body(res).data);
  });

  it('refuses each passenger and contact rule with its code and field errors', async () => {
    const token = await login(app);
    const solution = await pickSolution(app, token);
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
      const res = await createOrder(app, token, {
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
    const token = await login(app);
    const first = FlightOrder.parse(body(await createOrder(app, token, await oneAdult(token))).data);
    const taken = Number(first.bookingNumber.slice(-6));
    const draw = vi.spyOn(crypto, 'randomInt') as unknown as MockInstance<(max: number) => number>;
    draw.mockReturnValueOnce(taken).mockReturnValueOnce((taken + 1) % 1_000_000);
    try {
      const res = await createOrder(app, token, await oneAdult(token));
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
    const token = await login(app);
    const solution = await pickSolution(app, token);
    const payload = { solutionId: solution.id, passengers: [adult()], contact: contact() };
    const first = await createOrder(app, token, payload, 'book-1');
    const second = await createOrder(app, token, payload, 'book-1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(body<{ id: string }>(second).data.id).toBe(body<{ id: string }>(first).data.id);
    expect(await t.database.db.select().from(flightOrders)).toHaveLength(1);
  });

  it('answers 409 with the new quote when the price changed, and 502 when the supplier refuses', async () => {
    const token = await login(app);
    const solution = await pickSolution(app, token, { supplier: 'sim-gds' });
    const payload = { solutionId: solution.id, passengers: [adult()], contact: contact() };
    await setFaults('sim-gds', { priceChange: 10 });
    const changed = await createOrder(app, token, payload, 'k-change');
    expect(changed.statusCode).toBe(409);
    expect(body(changed).code).toBe(500004);
    const result = VerificationResult.parse(body(changed).data);
    expect(result.outcome).toBe('price_changed');
    expect(Number(result.solution?.priceDetail.total.amount)).toBeGreaterThan(
      Number(solution.priceDetail.total.amount),
    );
    // The new quote can be booked.
    await setFaults('sim-gds', {});
    const rebooked = await createOrder(app, token, { ...payload, solutionId: result.solution?.id });
    expect(rebooked.statusCode, rebooked.body).toBe(200);

    await setFaults('sim-gds', { bookError: true });
    const failed = await createOrder(app, token, { ...payload, passengers: [adult()] });
    expect(failed.statusCode).toBe(502);
    expect(body(failed).code).toBe(500003);
    const rows = await t.database.db.select().from(flightOrders).where(eq(flightOrders.agencyId, 1));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown solution and a caller without the flight service', async () => {
    const token = await login(app);
    const res = await createOrder(app, token, {
      solutionId: 'nope',
      passengers: [adult()],
      contact: contact(),
    });
    expect(res.statusCode).toBe(404);
    const train = await login(app, 'trainop');
    const denied = await app.inject({ url: '/order/v2/flight/orders/x', headers: bearer(train) });
    expect(denied.statusCode).toBe(403);
  });

  it('refuses wrong types with 100001 and their paths, before any rule or supplier call', async () => {
    const token = await login(app);
    const { id } = await pickSolution(app, token);
    const spies = spyOnBookings();
    const cases: [object, string][] = [
      [{ solutionId: id, passengers: [{ surname: 1 }], contact: {} }, 'passengers.0.surname'],
      [{ solutionId: id, passengers: ['ZHANG'], contact: contact() }, 'passengers.0'],
      [{ solutionId: id, passengers: [adult()], contact: { ...contact(), name: ['Li'] } }, 'contact.name'],
      [
        { solutionId: id, passengers: [adult({ travel_document: 'P1234567' })], contact: contact() },
        'passengers.0.travel_document',
      ],
      [{ solutionId: id, passengers: adult(), contact: contact() }, 'passengers'],
      [{ solutionId: 7, passengers: [adult()], contact: contact() }, 'solutionId'],
    ];
    for (const [payload, path] of cases) {
      const res = await createOrder(app, token, payload, `types-${path}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(body<Errors>(res).code).toBe(100001);
      expect(body<Errors>(res).data.errors.map((e) => e.path)).toContain(path);
    }
    expect(bookCalls(spies)).toBe(0);
    expect(await t.database.db.select().from(flightOrders)).toHaveLength(0);
    // A refused request releases its key.
    expect(await t.database.db.select().from(idempotencyKeys)).toHaveLength(0);
  });

  it('refuses a passenger phone that is not a number of its area code, on its field', async () => {
    const token = await login(app);
    const base = await oneAdult(token);
    const res = await createOrder(app, token, {
      ...base,
      passengers: [adult({ phone: { areaCode: '86', number: "O'BRIEN 2026-02-30" } })],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(body<Errors>(res).code).toBe(700001);
    expect(body<Errors>(res).data.errors.map((e) => [e.path, e.key])).toEqual([
      ['passengers.0.phone.number', 'passenger.phone.invalid'],
    ]);
  });

  it('reports every rule an empty contact breaks on its field', async () => {
    const token = await login(app);
    const res = await createOrder(app, token, { ...(await oneAdult(token)), contact: {} });
    expect(res.statusCode, res.body).toBe(400);
    expect(body<Errors>(res).code).toBe(700004);
    expect(body<Errors>(res).data.errors.map((e) => [e.path, e.key])).toEqual([
      ['contact.name', 'contact.name.required'],
      ['contact.email', 'contact.email.required'],
      ['contact.phone.number', 'contact.phone.required'],
    ]);
  });

  it('refuses NUL, a lone surrogate and out-of-range dates before the supplier books', async () => {
    const token = await login(app);
    const base = await oneAdult(token);
    const spies = spyOnBookings();
    const refused = [
      { ...base, contact: contact({ name: 'Zhang\u0000Wei' }) },
      { ...base, contact: contact({ name: 'Zhang \ud800Wei' }) },
      { ...base, remark: 'window\udc00' },
      {
        ...base,
        passengers: [
          adult({
            travel_document: {
              type: 'passport',
              interfaceType: 'passport',
              number: 'P1234567',
              expiryDate: '9999-12-31',
            },
          }),
        ],
      },
      {
        ...base,
        passengers: [adult({ travel_document: { ...adult().travel_document, type: 'chinese-passport' } })],
      },
    ];
    for (const payload of refused) {
      const res = await createOrder(app, token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).code).toBe(100001);
    }
    expect(bookCalls(spies)).toBe(0);
    expect(await t.database.db.select().from(flightOrders)).toHaveLength(0);
  });

  it('cancels the PNR at the supplier through a queued job when the order cannot be saved', async () => {
    const token = await login(app);
    const solution = await pickSolution(app, token, { supplier: 'sim-gds' });
    const payload = { solutionId: solution.id, passengers: [adult()], contact: contact() };
    const before = gates.booked.length;
    // The database refuses every new order (as a full disk or a broken constraint would).
    await t.database.db.execute(
      sql.raw('alter table flight_orders add constraint refuse_orders check (false) not valid'),
    );
    const res = await createOrder(app, token, payload, 'save-fails').finally(() =>
      t.database.db.execute(sql.raw('alter table flight_orders drop constraint refuse_orders')),
    );
    expect(res.statusCode).toBe(500);
    expect(gates.booked).toHaveLength(before + 1);
    const pnr = gates.booked.at(-1);
    expect(await t.database.db.select().from(flightOrders)).toHaveLength(0);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, PNR_CANCEL_JOB));
    expect(queued.map((j) => j.payload)).toEqual([{ supplier: 'sim-gds', pnr }]);
    expect(gates.canceled).not.toContain(pnr);
    await app.runDueJobs(new Date());
    expect(gates.canceled).toContain(pnr);
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.kind, PNR_CANCEL_JOB));
    expect(done?.doneAt).not.toBeNull();
    // The key was released: the same request may be sent again and now books.
    const retried = await createOrder(app, token, payload, 'save-fails');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it("limits bookings per user: the 11th in a minute answers 429 in the user's language", async () => {
    const limited = await buildApp({ config: testConfig(), database: t.database });
    try {
      const token = await login(limited);
      const payload = { solutionId: 'nope', passengers: [adult()], contact: contact() };
      for (let i = 0; i < 10; i++) expect((await createOrder(limited, token, payload)).statusCode).toBe(404);
      const refused = await createOrder(limited, token, payload);
      expect(refused.statusCode).toBe(429);
      expect(body(refused).code).toBe(100010);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
