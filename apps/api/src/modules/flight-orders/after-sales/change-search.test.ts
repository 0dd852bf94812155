import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { ShoppingStarted } from '@portal/domain/shopping';
import { buildApp } from '../../../app';
import { bearer, body, login, testConfig, useTestApp } from '../../../test/app';
import {
  gatedRegistry,
  travelDate,
  UNLIMITED_BOOKINGS_AND_SEARCHES,
  type SupplierGates,
} from '../flight-orders.test-helpers';
import { awaitFinished } from '../../shopping/shopping.test-helpers';
import { issuedOrder } from './after-sales.test-helpers';

/** Each case books, pays and tickets an order first: seconds, more on a busy machine. */
const SLOW_MS = 60_000;

const t = useTestApp();
let app: FastifyInstance;
let gates: SupplierGates;

beforeAll(async () => {
  const gated = gatedRegistry('change-search');
  gates = gated.gates;
  app = await buildApp({
    config: testConfig(),
    database: t.database,
    suppliers: gated.registry,
    limits: UNLIMITED_BOOKINGS_AND_SEARCHES,
  });
});

afterEach(() => {
  gates.searchGate.open();
  gates.searchesAborted.splice(0);
});

afterAll(async () => {
  await app.close();
});

/** Starts a change search of the whole order for a new date; answers its id. */
async function startChangeSearch(token: string, order: FlightOrder, days: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${order.id}/change/search`,
    headers: bearer(token),
    payload: {
      selection: {
        passengerIds: order.passengers.map((p) => p.id),
        segmentIndexes: order.segments.map((_, i) => i),
      },
      reason: 0,
      legs: [{ legIndex: 0, date: travelDate(days) }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ShoppingStarted.parse(body(res).data).searchId;
}

describe('a new change search replaces the earlier one', { timeout: SLOW_MS }, () => {
  it('aborts the pending supplier call of the same user for the same order: its AbortSignal fires', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    gates.searchGate.closed = true;

    const first = await startChangeSearch(token, order, 45);
    const releaseFirst = await gates.searchGate.arrival();
    expect(gates.searchesAborted).toEqual([]);

    const second = await startChangeSearch(token, order, 46);
    // The earlier search's supplier call was cancelled, not only ignored.
    expect(gates.searchesAborted).toHaveLength(1);
    const releaseSecond = await gates.searchGate.arrival();
    const replaced = await awaitFinished(app, token, first);
    expect(replaced.suppliers).toEqual([expect.objectContaining({ status: 'error', count: 0 })]);
    expect(replaced.solutions).toEqual([]);

    releaseFirst();
    releaseSecond();
    const current = await awaitFinished(app, token, second);
    expect(current.suppliers).toEqual([expect.objectContaining({ status: 'done' })]);
    expect(current.solutions.length).toBeGreaterThan(0);
    expect(
      current.solutions.every((s) => s.legs[0]?.segments[0]?.departure.time.startsWith(travelDate(46))),
    ).toBe(true);
    // The replaced search's call, released now, changed nothing.
    expect((await awaitFinished(app, token, first)).solutions).toEqual([]);
    expect(gates.searchesAborted).toHaveLength(1);
  });

  it("leaves another user's change search of the same order, and the user's search of another order, running", async () => {
    const admin = await login(app);
    const operator = await login(app, 'operator');
    const order = await issuedOrder(app, admin);
    const other = await issuedOrder(app, admin);
    gates.searchGate.closed = true;

    const releases: (() => void)[] = [];
    const byAdmin = await startChangeSearch(admin, order, 45);
    releases.push(await gates.searchGate.arrival());
    const byOperator = await startChangeSearch(operator, order, 46);
    releases.push(await gates.searchGate.arrival());
    const otherOrder = await startChangeSearch(admin, other, 47);
    releases.push(await gates.searchGate.arrival());
    expect(gates.searchesAborted).toEqual([]);

    for (const release of releases) release();
    for (const [token, id] of [
      [admin, byAdmin],
      [operator, byOperator],
      [admin, otherOrder],
    ] as const) {
      const result = await awaitFinished(app, token, id);
      expect(result.suppliers).toEqual([expect.objectContaining({ status: 'done' })]);
      expect(result.solutions.length).toBeGreaterThan(0);
    }
  });
});
