import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FLIGHT_SETTINGS } from '@portal/domain/agency-config';
import { FlightOrder } from '@portal/domain/flight-order';
import { ShoppingStarted } from '@portal/domain/shopping';
import { agencies } from '../../agencies/index';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { flightOrders, flightTickets } from '../flight-orders.schema';
import { travelDate, UNLIMITED_BOOKINGS_AND_SEARCHES } from '../flight-orders.test-helpers';
import { awaitFinished } from '../../shopping/shopping.test-helpers';
import { SimulatedSupplier } from '../../../simulation/flight/simulated-supplier';
import { afterTicketing, issuedOrder } from './after-sales.test-helpers';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
let app: FastifyInstance;
beforeAll(async () => {
  app = await t.build({}, undefined, {
    limits: UNLIMITED_BOOKINGS_AND_SEARCHES,
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await app.inject({ method: 'DELETE', url: '/__test/after-sales/desk' });
});

const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** A change of the whole order to a flight a week later, approved with nothing to pay: its reissue is queued. */
async function approvedFreeChange(token: string, order: FlightOrder): Promise<string> {
  await t.database.db
    .update(agencies)
    .set({ flightSettings: { ...DEFAULT_FLIGHT_SETTINGS, serviceFees: { change: 0, refund: 0, void: 0 } } })
    .where(eq(agencies.id, 1));
  const desk = await app.inject({
    method: 'POST',
    url: '/__test/after-sales/desk',
    payload: { change: { changeFee: 0, fareMove: -100_000_000 } },
  });
  expect(desk.statusCode, desk.body).toBe(200);
  const selection = { passengerIds: order.passengers.map((p) => p.id), segmentIndexes: [0] };
  const started = await post(token, `/order/v2/flight/orders/${order.id}/change/search`, {
    selection,
    reason: 0,
    legs: [{ legIndex: 0, date: travelDate(47) }],
  });
  expect(started.statusCode, started.body).toBe(200);
  const { searchId } = ShoppingStarted.parse(body(started).data);
  const [solution] = (await awaitFinished(app, token, searchId)).solutions;
  if (!solution) throw new Error('no alternative');
  const res = await post(token, `/order/v2/flight/orders/${order.id}/change`, {
    changeSearchId: searchId,
    solutionId: solution.id,
    selection,
    reason: 0,
  });
  expect(res.statusCode, res.body).toBe(200);
  const change = FlightOrder.parse(body(res).data);
  await app.runDueJobs(afterTicketing());
  return change.id;
}

async function stored(id: string) {
  const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, id));
  if (!row) throw new Error('no order');
  return row;
}

describe('reissued tickets', () => {
  it('a reissue answering a number already issued is asked again, and the change gets numbers of its own', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    if ((order.segments.length ?? 0) !== 1) throw new Error('a one-segment order');
    const changeId = await approvedFreeChange(token, order);
    expect((await stored(changeId)).status).toBe('chg_proceeding');
    const taken = order.passengers.map((p) => p.ticketNumbers);
    vi.spyOn(SimulatedSupplier.prototype, 'reissue').mockResolvedValueOnce({
      status: 'reissued',
      ticketNumbers: taken,
    });

    await app.runDueJobs(new Date(Date.now() + 8 * 3_600_000));
    const waiting = await stored(changeId);
    expect(waiting.status).toBe('chg_proceeding');
    expect(waiting.passengers.flatMap((p) => p.ticketNumbers)).toEqual([]);

    await app.runDueJobs(new Date(Date.now() + 12 * 3_600_000));
    const changed = await stored(changeId);
    expect(changed.status).toBe('changed');
    const fresh = changed.passengers.flatMap((p) => p.ticketNumbers);
    expect(fresh).toHaveLength(taken.flat().length);
    expect(fresh.filter((n) => taken.flat().includes(n))).toEqual([]);
    const registered = await t.database.db
      .select()
      .from(flightTickets)
      .where(eq(flightTickets.orderId, changeId));
    expect(registered.map((r) => r.ticketNumber).sort()).toEqual([...fresh].sort());
  });
});
