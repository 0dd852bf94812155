import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FlightOrder } from '@portal/domain/flight-order';
import { buildApp } from '../app';
import { idempotencyKeys } from '../platform/idempotency.schema';
import { jobs } from '../platform/jobs.schema';
import { flightOrders } from '../modules/flight-orders/flight-orders.schema';
import {
  adult,
  contact,
  createOrder,
  gatedRegistry,
  pickSolution,
  UNLIMITED_BOOKINGS,
  type Gate,
} from '../modules/flight-orders/flight-orders.test-helpers';
import { PNR_CANCEL_JOB } from '../modules/flight-orders/order-jobs';
import { bearer, body, login, testConfig, useTestApp } from './app';

const t = useTestApp();
const { registry, gates } = gatedRegistry(testConfig().supplierSeed);
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    database: t.database,
    suppliers: registry,
    limits: UNLIMITED_BOOKINGS,
  });
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  gates.verifyGate.open();
  gates.bookGate.open();
});

/**
 * The budget of another tenant's read while a booking waits for its supplier (30 ms idle). On a
 * machine so loaded that idle reads themselves are slow, the budget grows with them: the test
 * proves the reads are not held up by the booking, not how fast the machine is.
 */
const READ_BUDGET_MS = 100;
const budgetFor = (idleMedian: number) => Math.max(READ_BUDGET_MS, 4 * idleMedian);
/**
 * A request still unanswered after this long counts as this long and is left to finish later: a
 * portal blocked by the held supplier call (held until the reads are done) shows up as slow reads
 * instead of a hang. Far above any budget, so load alone never reaches it.
 */
const READ_CAP_MS = 5_000;

/** `answer`, or 'slow' when it takes longer than READ_CAP_MS. */
async function capped<T>(answer: Promise<T>): Promise<T | 'slow'> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), READ_CAP_MS);
  });
  try {
    return await Promise.race([answer, slow]);
  } finally {
    clearTimeout(timer);
  }
}

/** The time of each of `n` requests made one after another, in ms (capped); each must answer 200. */
async function timed(n: number, send: () => Promise<{ statusCode: number; body: string }>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await capped(send());
    if (res === 'slow') {
      // Held up: the rest would be too; count them as capped rather than wait for each.
      while (times.length < n) times.push(READ_CAP_MS);
      break;
    }
    times.push(Math.round(performance.now() - started));
    expect(res.statusCode, res.body).toBe(200);
  }
  return times;
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Runs `measure` while the next call to arrive at `gate` is held there, then lets it go. */
async function whileHeld<T>(gate: Gate, measure: () => Promise<T>): Promise<T> {
  const release = await gate.arrival();
  try {
    return await measure();
  } finally {
    release();
  }
}

describe('availability while a supplier is slow', () => {
  it('serves another agency in well under 100 ms while a booking waits for its price check and booking', async () => {
    const partner = await login(app, 'partner');
    const admin = await login(app);
    const solution = await pickSolution(app, partner);
    const payload = { solutionId: solution.id, passengers: [adult()], contact: contact() };
    const reads = async () => ({
      me: await timed(5, () => app.inject({ url: '/base/v2/me', headers: bearer(admin) })),
      wallet: await timed(5, () => app.inject({ url: '/base/v2/wallet/balances', headers: bearer(admin) })),
    });
    const idle = await reads();

    gates.verifyGate.closed = true;
    gates.bookGate.closed = true;
    const booking = createOrder(app, partner, payload, 'slow-booking');
    const duringPriceCheck = await whileHeld(gates.verifyGate, reads);
    const { duringBooking, duplicate } = await whileHeld(gates.bookGate, async () => ({
      duringBooking: await reads(),
      // The key was claimed on its own: a duplicate is told at once that the booking is running.
      duplicate: await capped(createOrder(app, partner, payload, 'slow-booking')),
    }));
    const booked = await booking;

    const figures = { idle, duringPriceCheck, duringBooking };
    const budget = {
      me: budgetFor(median(idle.me)),
      wallet: budgetFor(median(idle.wallet)),
    };
    for (const [phase, { me, wallet }] of Object.entries({ duringPriceCheck, duringBooking })) {
      const detail = `${phase}: ${JSON.stringify({ figures, budget })}`;
      expect(median(me), detail).toBeLessThan(budget.me);
      expect(median(wallet), detail).toBeLessThan(budget.wallet);
    }
    if (duplicate === 'slow') throw new Error('a duplicate of the running booking got no answer');
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(body(duplicate)).toMatchObject({ code: 100007, data: { reason: 'in_progress' } });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(FlightOrder.parse(body(booked).data).status).toBe('to_be_paid');
  }, 60_000);

  it('lets a retry take over a stale claim; the request that outlived it rolls back and cancels its PNR', async () => {
    const partner = await login(app, 'partner');
    const solution = await pickSolution(app, partner);
    const payload = { solutionId: solution.id, passengers: [adult()], contact: contact() };
    const before = { booked: gates.booked.length, canceled: gates.canceled.length };
    gates.bookGate.closed = true;
    const first = createOrder(app, partner, payload, 'outlived');
    const releaseFirst = await gates.bookGate.arrival();
    // The first request is held past the stale window (as after a crash of its instance).
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(idempotencyKeys.key, 'outlived'));
    const second = createOrder(app, partner, payload, 'outlived');
    (await gates.bookGate.arrival())();
    const retried = await second;
    expect(retried.statusCode, retried.body).toBe(200);
    const order = FlightOrder.parse(body(retried).data);

    releaseFirst();
    const outlived = await first;
    expect(outlived.statusCode, outlived.body).toBe(409);
    expect(body(outlived)).toMatchObject({ code: 100007, data: { reason: 'in_progress' } });

    const orders = await t.database.db.select().from(flightOrders);
    expect(orders.map((o) => o.id)).toEqual([order.id]);
    const made = gates.booked.slice(before.booked);
    expect(made).toHaveLength(2);
    const otherPnr = made.find((pnr) => pnr !== order.pnr);
    expect(otherPnr).toBeDefined();
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, PNR_CANCEL_JOB));
    expect(queued.map((j) => j.payload.pnr)).toEqual([otherPnr]);
    await app.runDueJobs(new Date());
    expect(gates.canceled.slice(before.canceled)).toEqual([otherPnr]);

    const replay = await createOrder(app, partner, payload, 'outlived');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(FlightOrder.parse(body(replay).data).id).toBe(order.id);
  }, 60_000);
});
