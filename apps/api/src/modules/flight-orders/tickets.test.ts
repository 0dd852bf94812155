import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../test/app';
import { afterTicketing, getOrder, issuedOrder } from './after-sales/after-sales.test-helpers';
import { SimulatedSupplier } from '../../simulation/flight/simulated-supplier';
import { rowsOf } from '../../platform/db/rows';
import { flightOrders, flightTickets, orderEvents } from './flight-orders.schema';
import { bookOne } from './flight-orders.test-helpers';

const t = useTestApp();
afterEach(() => {
  vi.restoreAllMocks();
});

const ticketsOf = (order: FlightOrder) => order.passengers.flatMap((p) => p.ticketNumbers);

async function registered(orderId: string): Promise<string[]> {
  const rows = await t.database.db.select().from(flightTickets).where(eq(flightTickets.orderId, orderId));
  return rows.map((r) => r.ticketNumber).sort();
}

async function pay(token: string, orderId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${orderId}/payment`,
    headers: bearer(token),
    payload: { channel: 'balance' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Makes another order name `source`'s tickets, as rows written before the numbers were unique did. */
async function copyTickets(source: FlightOrder, target: FlightOrder): Promise<void> {
  const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, target.id));
  if (!row) throw new Error('no order');
  const passengers = row.passengers.map((p, i) => ({
    ...p,
    ticketNumbers: source.passengers[i]?.ticketNumbers ?? [],
  }));
  await t.database.db.delete(flightTickets).where(eq(flightTickets.orderId, target.id));
  await t.database.db
    .update(flightOrders)
    .set({ passengers, ticketNumbers: passengers.flatMap((p) => p.ticketNumbers).join('|') })
    .where(eq(flightOrders.id, target.id));
}

describe('one ticket number, one ticket', () => {
  it('registers every issued ticket, and the database refuses a number issued on another order', async () => {
    const token = await login(t.app);
    const first = await issuedOrder(t.app, token, { adults: 2 });
    const second = await issuedOrder(t.app, token);
    expect(await registered(first.id)).toEqual(ticketsOf(first).sort());
    expect(await registered(second.id)).toEqual(ticketsOf(second));
    const [taken] = ticketsOf(first);
    if (!taken) throw new Error('no ticket');
    await expect(
      t.database.db
        .insert(flightTickets)
        .values({ ticketNumber: taken, orderId: second.id, passengerId: second.passengers[0]?.id ?? '' }),
    ).rejects.toThrow();
    expect(await registered(second.id)).toEqual(ticketsOf(second));
  });

  it('asks the supplier again when it answers a number already issued, never storing it twice', async () => {
    const token = await login(t.app);
    const first = await issuedOrder(t.app, token);
    const second = await bookOne(t.app, token);
    await pay(token, second.id);
    vi.spyOn(SimulatedSupplier.prototype, 'ticket').mockResolvedValueOnce({
      ticketNumbers: [ticketsOf(first)],
    });

    await t.app.runDueJobs(afterTicketing());
    const waiting = await getOrder(t.app, token, second.id);
    expect(waiting.status).toBe('proceeding');
    expect(ticketsOf(waiting)).toEqual([]);

    // The job's retry, after its backoff, gets numbers of its own.
    await t.app.runDueJobs(new Date(afterTicketing().getTime() + 3_600_000));
    const issued = await getOrder(t.app, token, second.id);
    expect(issued.status).toBe('issued');
    expect(ticketsOf(issued)).toHaveLength(1);
    expect(ticketsOf(issued)).not.toEqual(ticketsOf(first));
    expect(await registered(second.id)).toEqual(ticketsOf(issued));
    expect(await registered(first.id)).toEqual(ticketsOf(first));
  });

  it('refunds or voids a ticket at most once, even when two orders name it', async () => {
    const token = await login(t.app);
    const first = await issuedOrder(t.app, token);
    const second = await issuedOrder(t.app, token);
    await copyTickets(first, second);
    const request = (order: FlightOrder, action: 'refund' | 'void') =>
      t.app.inject({
        method: 'POST',
        url: `/order/v2/flight/orders/${order.id}/${action}`,
        headers: { ...bearer(token), 'accept-language': 'en' },
        payload:
          action === 'refund'
            ? {
                selection: {
                  passengerIds: order.passengers.map((p) => p.id),
                  segmentIndexes: order.segments.map((_, i) => i),
                },
                reason: { value: 0 },
              }
            : {},
      });

    const refunded = await request(first, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    for (const action of ['refund', 'void'] as const) {
      const again = await request(second, action);
      expect(again.statusCode, again.body).toBe(409);
      expect(body(again).code).toBe(500010);
    }
    const claims = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ticket_claims where ticket_number = ${ticketsOf(first)[0] ?? ''}`,
    );
    expect(claims).toEqual([{ n: first.segments.length }]);
  });
});

describe('renumbering old duplicate tickets (migration 0020)', () => {
  it('keeps a number on the order issued it first and renumbers the later holder, once', async () => {
    const token = await login(t.app);
    const first = await issuedOrder(t.app, token);
    const second = await issuedOrder(t.app, token);
    await copyTickets(first, second);
    const [old] = ticketsOf(first);
    if (!old) throw new Error('no ticket');

    const run = async () =>
      (await rowsOf<{ n: number }>(t.database.db, sql`select renumber_duplicate_tickets() as n`))[0];
    expect(await run()).toEqual({ n: 1 });
    expect(ticketsOf(await getOrder(t.app, token, first.id))).toEqual([old]);
    const renumbered = await getOrder(t.app, token, second.id);
    const [fresh] = ticketsOf(renumbered);
    expect(fresh).toMatch(new RegExp(`^${old.slice(0, 3)}0\\d{9}$`));
    expect(await registered(second.id)).toEqual([fresh]);
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, second.id));
    expect(row?.ticketNumbers).toBe(fresh);
    const notes = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, second.id));
    expect(notes.at(-1)?.note).toBe(
      `Ticket ${old} renumbered ${fresh}: the number was also issued on ${first.bookingNumber}`,
    );
    expect(await run()).toEqual({ n: 0 });
  });
});
