import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FlightOrder } from '@portal/domain/flight-order';
import { body, login, useTestApp } from '../../test/app';
import { flightOrders } from '../flight-orders/index';
import { adult, contact, createOrder, pickSolution } from '../flight-orders/flight-orders.test-helpers';
import { rowsOf } from '../../platform/db/rows';
import { voyageTestHelpers } from './voyages.test-helpers';

/**
 * The rows of `booking_records` are written by the database (migration 0038) in the statement
 * that books, tickets, changes, refunds or deletes an order, whichever code or SQL does it.
 */
const t = useTestApp({ REQUEST_LIMIT_SCALE: '100' });
const { issuedOrder, list } = voyageTestHelpers(t);

interface StoredRecord {
  passenger_number: number;
  segment_index: number;
  order_type: string;
  passenger_id: string;
  passenger_name: string;
  ticket_number: string | null;
  ticket_search: string | null;
  flight_number: string;
  departure_date: string;
}

const recordsOf = (orderId: string) =>
  rowsOf<StoredRecord>(
    t.database.db,
    sql`select passenger_number, segment_index, order_type, passenger_id, passenger_name, ticket_number,
          ticket_search, flight_number, departure_date
        from booking_records where order_id = ${orderId} order by passenger_number, segment_index`,
  );

/** What the order's rows must be: passengers x segments with each segment's ticket. */
function expectedRecords(order: FlightOrder, type = 'origin'): StoredRecord[] {
  return order.passengers.flatMap((p, i) =>
    order.segments.map((s, idx) => {
      const ticket = p.ticketNumbers[Math.min(Math.floor(idx / 4), p.ticketNumbers.length - 1)] ?? null;
      return {
        passenger_number: i + 1,
        segment_index: idx,
        order_type: type,
        passenger_id: p.id,
        passenger_name: `${p.surname}/${p.given_names}`.toUpperCase(),
        ticket_number: ticket,
        ticket_search: ticket?.replaceAll('-', '').toUpperCase() ?? null,
        flight_number: `${s.marketingCarrier}${s.flightNumber}`.toUpperCase(),
        departure_date: s.departure.time.slice(0, 10),
      };
    }),
  );
}

describe('booking records kept by the database', { timeout: 60_000 }, () => {
  it('writes a ticketed order’s rows, none for an unpaid one, and drops them when refunded or deleted', async () => {
    const token = await login(t.app);
    const unpaid = await createOrder(t.app, token, {
      solutionId: (await pickSolution(t.app, token)).id,
      passengers: [adult()],
      contact: contact(),
    });
    expect(await recordsOf(FlightOrder.parse(body(unpaid).data).id)).toEqual([]);

    const order = await issuedOrder(token, 2);
    expect(order.passengers[0]?.ticketNumbers.length).toBeGreaterThan(0);
    expect(await recordsOf(order.id)).toEqual(expectedRecords(order));

    // A payment or any other column the rows do not show leaves them as they are.
    await t.database.db.update(flightOrders).set({ remark: 'seen' }).where(eq(flightOrders.id, order.id));
    expect(await recordsOf(order.id)).toEqual(expectedRecords(order));

    // Refunded as a whole: no longer a ticketed order, in the table or the list.
    await t.database.db.update(flightOrders).set({ status: 'refunded' }).where(eq(flightOrders.id, order.id));
    expect(await recordsOf(order.id)).toEqual([]);
    expect((await list(token, `?bookingNumber=${order.bookingNumber}`)).total).toBe(0);

    await t.database.db.update(flightOrders).set({ status: 'issued' }).where(eq(flightOrders.id, order.id));
    expect(await recordsOf(order.id)).toEqual(expectedRecords(order));
    await t.database.db.delete(flightOrders).where(eq(flightOrders.id, order.id));
    expect(await recordsOf(order.id)).toEqual([]);
  });

  it('writes a change order’s rows once changed, and rewrites them when its passengers change', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(token, 1);
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, order.id));
    if (!row) throw new Error('no order');
    const { id: _id, bookingNumber, ...rest } = row;
    const [change] = await t.database.db
      .insert(flightOrders)
      .values({
        ...rest,
        bookingNumber: `C${bookingNumber.slice(1)}`,
        type: 'change',
        status: 'chg_proceeding',
      })
      .returning({ id: flightOrders.id });
    if (!change) throw new Error('not inserted');
    expect(await recordsOf(change.id)).toEqual([]);

    await t.database.db.update(flightOrders).set({ status: 'changed' }).where(eq(flightOrders.id, change.id));
    expect(await recordsOf(change.id)).toEqual(expectedRecords(order, 'change'));
    expect(
      (await list(token, `?bookingNumber=C${bookingNumber.slice(1)}`)).list.map((r) => r.orderType),
    ).toEqual(order.segments.map(() => 'change'));

    // The reissued tickets and a corrected name show at once.
    const renamed = rest.passengers.map((p) => ({
      ...p,
      surname: 'WANG',
      ticketNumbers: ['999-1234567890'],
    }));
    await t.database.db
      .update(flightOrders)
      .set({ passengers: renamed })
      .where(eq(flightOrders.id, change.id));
    const records = await recordsOf(change.id);
    expect(records.map((r) => [r.passenger_name, r.ticket_number, r.ticket_search])).toEqual(
      order.segments.map(() => ['WANG/WEI', '999-1234567890', '9991234567890']),
    );
    expect((await list(token, '?ticketNumber=9991234567')).list.map((r) => r.orderId)).toEqual(
      order.segments.map(() => change.id),
    );
  });

  it('backfills the rows of orders ticketed before the table existed', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(token, 2);
    const written = await recordsOf(order.id);
    await t.database.db.execute(sql`delete from booking_records where order_id = ${order.id}`);
    // What migration 0038 runs for every ticketed order.
    await t.database.db.execute(sql`select booking_records_write(array[${order.id}::uuid])`);
    expect(await recordsOf(order.id)).toEqual(written);
    expect(written).toHaveLength(2 * order.segments.length);
  });
});
