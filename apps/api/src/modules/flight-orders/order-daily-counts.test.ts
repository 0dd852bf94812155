import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FlightOrderList, type FlightOrder, type StatusCount } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../test/app';
import { setAgencyTimeZone, setCommonConfig } from '../../test/agency-config';
import { rowsOf } from '../../platform/db/rows';
import { bookOne } from './flight-orders.test-helpers';
import { issuedOrder } from './after-sales/after-sales.test-helpers';
import { countRange, exactCountOf } from './order-daily-counts';
import { orderCountViolations } from '../wallet/index';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
const db = () => t.database.db;

const DAY_MS = 86_400_000;
/** A UTC midnight the copies below are booked around. */
const MIDNIGHT = Date.parse('2026-03-10T00:00:00Z');
const STATUSES = ['to_be_paid', 'issued', 'canceled'] as const;

/**
 * `copies` orders of the template's agency booked every `stepMinutes` minutes from `start`, with
 * the statuses of `STATUSES` in turn: an `INSERT … SELECT` of many rows, as the benches copy them.
 */
async function copyOrders(templateId: string, start: number, copies: number, stepMinutes: number) {
  const columns = await rowsOf<{ column_name: string }>(
    db(),
    sql`select column_name from information_schema.columns
         where table_schema = current_schema() and table_name = 'flight_orders'
           and column_name not in ('id', 'booking_number', 'created_at', 'status')`,
  );
  const list = sql.raw(columns.map((c) => `"${c.column_name}"`).join(', '));
  await db().execute(
    sql`insert into flight_orders (id, booking_number, created_at, status, ${list})
        select gen_random_uuid(), 'F20260310' || lpad(g::text, 6, '0'),
          ${new Date(start).toISOString()}::timestamptz + g * ${stepMinutes}::int * interval '1 minute',
          (${sql.raw(`array[${STATUSES.map((s) => `'${s}'`).join(', ')}]`)})[g % 3 + 1], ${list}
          from flight_orders t, generate_series(0, ${copies - 1}::int) g where t.id = ${templateId}`,
  );
}

/** The agency's orders of `statuses` (any when empty) booked in `[from, to)`, by a plain count. */
async function plainCount(statuses: readonly string[], from?: Date, to?: Date): Promise<number> {
  const conditions: SQL[] = [sql`agency_id = 1`];
  if (statuses.length)
    conditions.push(
      sql`status in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (from) conditions.push(sql`created_at >= ${from.toISOString()}::timestamptz`);
  if (to) conditions.push(sql`created_at < ${to.toISOString()}::timestamptz`);
  const [row] = await rowsOf<{ n: string }>(
    db(),
    sql`select count(*)::text as n from flight_orders where ${sql.join(conditions, sql` and `)}`,
  );
  return Number(row?.n);
}

/** The same by the exact count the list runs: kept whole days, partial days from the orders. */
async function exactCount(statuses: readonly string[], from?: Date, to?: Date): Promise<number> {
  const query = db()
    .select({ n: exactCountOf(db(), statuses.length) })
    .from(sql`(select 1) as one`)
    .prepare('');
  const [row] = await query.execute({
    scopeAgencyId: 1,
    ...Object.fromEntries(statuses.map((s, i) => [`status${i}`, s])),
    ...countRange(from?.toISOString(), to?.toISOString()),
  });
  return Number(row?.n);
}

const list = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `/order/v2/flight/orders${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return FlightOrderList.parse(body(res).data);
};

const tabs = async (token: string, keys: string) => {
  const res = await t.app.inject({
    url: `/order/v2/flight/orders/status?status=${keys}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<StatusCount[]>(res).data;
};

/** The kept counts agree with the orders, and the tabs and the whole list say what a plain count does. */
async function expectCountsRight(token: string) {
  expect(await orderCountViolations(db())).toEqual([]);
  const keys = ['to_be_paid', 'proceeding', 'issued', 'canceled', 'rfd_reviewing'];
  const plain = await Promise.all(keys.map(async (status) => plainCount([status])));
  expect(await tabs(token, keys.join(','))).toEqual(keys.map((status, i) => ({ status, cnt: plain[i] })));
  expect(await list(token, '?pageSize=1')).toMatchObject({ total: await plainCount([]), totalCapped: false });
}

describe("the order list's counts kept per day", () => {
  it('follow a booking, payment, ticketing, cancel and refund request, exactly', async () => {
    const token = await login(t.app);
    await expectCountsRight(token);
    await bookOne(t.app, token);
    const other = await bookOne(t.app, token);
    await expectCountsRight(token);
    const canceled = await t.app.inject({
      method: 'DELETE',
      url: `/order/v2/flight/orders/${other.id}`,
      headers: bearer(token),
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await expectCountsRight(token);
    // Paid and ticketed by its job: to_be_paid, proceeding, issued.
    const issued: FlightOrder = await issuedOrder(t.app, token);
    await expectCountsRight(token);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${issued.id}/refund`,
      headers: bearer(token),
      payload: {
        selection: { passengerIds: issued.passengers.map((p) => p.id), segmentIndexes: [0] },
        reason: { value: 0 },
      },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await expectCountsRight(token);
    // Every order counted once, whatever its status now (the unpaid one's deadline passed too).
    expect(await list(token)).toMatchObject({ total: 4, totalCapped: false });
  }, 120_000);

  it('count whole UTC days from the kept rows and partial days from the orders, as a plain count does', async () => {
    const token = await login(t.app);
    const template = await bookOne(t.app, token);
    // Three days and a half around two UTC midnights, an order every 37 minutes.
    await copyOrders(template.id, MIDNIGHT - DAY_MS - 5 * 3_600_000, 140, 37);
    await expectCountsRight(token);
    const at = (hours: number) => new Date(MIDNIGHT + hours * 3_600_000);
    const ranges: [Date | undefined, Date | undefined][] = [
      [undefined, undefined],
      [at(-24), at(24)], // whole days only
      [at(-20.5), at(30.25)], // partial first and last day around whole ones
      [at(-3), at(2)], // across one midnight, no whole day
      [at(1), at(7)], // within one day
      [at(5), at(5)], // empty
      [at(-13), undefined],
      [undefined, at(13.5)],
      [at(26), at(-26)], // backwards: none
    ];
    const statusSets = [[], ['issued'], ['to_be_paid', 'canceled']] as const;
    const compare = async () => {
      for (const [from, to] of ranges) {
        for (const statuses of statusSets) {
          const label = `${from?.toISOString()}..${to?.toISOString()} ${statuses.join(',')}`;
          expect(await exactCount(statuses, from, to), label).toBe(await plainCount(statuses, from, to));
        }
      }
    };
    await compare();
    // Status changes across days (one statement, many rows), a move of booking time to another
    // day, and deletes: the kept rows follow each.
    await db().execute(sql`update flight_orders set status = 'issued'
      where booking_number like 'F20260310%' and status = 'to_be_paid' and created_at < ${at(3).toISOString()}::timestamptz`);
    await db().execute(sql`update flight_orders set created_at = created_at + interval '1 day'
      where booking_number in ('F20260310000001', 'F20260310000002')`);
    await db().execute(sql`delete from flight_orders where booking_number like 'F2026031000001%'`);
    await compare();
    await expectCountsRight(token);
    // A rolled back change leaves them as they were.
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(
          sql`update flight_orders set status = 'canceled' where booking_number like 'F20260310%'`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await compare();
    await expectCountsRight(token);
  }, 120_000);

  it("answer the list by the agency's dates exactly, and own orders and other filters by the capped count", async () => {
    const token = await login(t.app);
    const template = await bookOne(t.app, token);
    await copyOrders(template.id, MIDNIGHT - DAY_MS - 5 * 3_600_000, 140, 37);
    // In Shanghai the days start at 16:00 UTC: whole UTC days inside, partial ones at both ends.
    await setAgencyTimeZone(db(), 1, 'Asia/Shanghai');
    const eight = 8 * 3_600_000;
    expect(
      await list(token, '?dateFrom=2026-03-09&dateTo=2026-03-10&status=issued&pageSize=5'),
    ).toMatchObject({
      total: await plainCount(
        ['issued'],
        new Date(MIDNIGHT - DAY_MS - eight),
        new Date(MIDNIGHT + DAY_MS - eight),
      ),
      totalCapped: false,
    });
    // The rest of this test reads UTC days.
    await setAgencyTimeZone(db(), 1, 'UTC');
    const within = await list(token, '?dateFrom=2026-03-09&dateTo=2026-03-10&status=issued&pageSize=5');
    expect(within).toMatchObject({
      total: await plainCount(['issued'], new Date(MIDNIGHT - DAY_MS), new Date(MIDNIGHT + DAY_MS)),
      totalCapped: false,
    });
    expect(within.list).toHaveLength(5);
    // A page past the end counts alone, the same way.
    expect(await list(token, '?dateFrom=2026-03-09&pageSize=5&page=1000')).toMatchObject({
      list: [],
      total: await plainCount([], new Date(MIDNIGHT - DAY_MS)),
      totalCapped: false,
    });
    // Another filter (the order type) keeps the capped count, under the cap as exact.
    expect(await list(token, '?type=origin&dateTo=2026-03-09')).toMatchObject({
      total: await plainCount([], undefined, new Date(MIDNIGHT)),
      totalCapped: false,
    });
    // "Only own orders": the capped count of the user's orders (every copy is the template's user's).
    await setCommonConfig(db(), 1, { onlyShowOwnOrders: true });
    expect(await list(token, '?dateFrom=2026-03-09&dateTo=2026-03-10&status=issued')).toMatchObject({
      total: within.total,
      totalCapped: false,
    });
    expect(await tabs(token, 'issued')).toEqual([{ status: 'issued', cnt: await plainCount(['issued']) }]);
  }, 120_000);
});
