import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FlightOrderList, ORDER_LIST_COUNT_CAP, ORDER_SEARCH_COUNT_CAP } from '@portal/domain/flight-order';
import type { Db } from '../../platform/db';
import { envelope } from '../../platform/schema';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from './flight-orders.test-helpers';

const t = useTestApp();
const list = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `/order/v2/flight/orders${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  // The route's projecting serializer writes exactly what the zod encoder would.
  expect(res.body).toBe(JSON.stringify(z.encode(envelope(FlightOrderList), JSON.parse(res.body))));
  return FlightOrderList.parse(body(res).data);
};

/** The rows of a raw statement (PGlite and node-postgres both answer `{rows}`). */
async function rowsOf<T>(statement: SQL, db: Db = t.database.db): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/**
 * The planner's plan of a statement, with sequential scans off (a few test rows fit one page, where
 * a scan costs least) and, with `bitmapScans: false`, bitmap scans too (an index-only scan is asked for).
 */
function planOf(query: SQL, { bitmapScans = true } = {}): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (!bitmapScans) await tx.execute(sql`set local enable_bitmapscan = off`);
    const rows = await rowsOf<{ 'QUERY PLAN': string }>(sql`explain ${query}`, tx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** `copies` more orders of the template's agency, made in one statement (`F20260101000001`…). */
async function copyOrder(templateId: string, copies: number): Promise<void> {
  const result = await rowsOf<{ column_name: string }>(
    sql`select column_name from information_schema.columns
         where table_schema = current_schema() and table_name = 'flight_orders'
           and column_name not in ('id', 'booking_number', 'created_at')`,
  );
  const columns = sql.raw(result.map((r) => `"${r.column_name}"`).join(', '));
  await t.database.db.execute(
    sql`insert into flight_orders (id, booking_number, created_at, ${columns})
        select gen_random_uuid(), 'F20260101' || lpad(g::text, 6, '0'), now() - g * interval '1 minute', ${columns}
          from flight_orders t, generate_series(1, ${copies}::int) g where t.id = ${templateId}`,
  );
}

describe('the order list at scale', () => {
  it('counts at most ORDER_LIST_COUNT_CAP orders and says the total is capped, but the whole agency exactly', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await copyOrder(order.id, ORDER_LIST_COUNT_CAP);
    // The whole agency (statuses and dates at most) is counted exactly from the counts kept per day.
    const everyOrder = ORDER_LIST_COUNT_CAP + 1;
    expect(await list(token)).toMatchObject({ total: everyOrder, totalCapped: false, page: 1 });
    // Another filter (the order type, every order's) counts up to the cap.
    const first = await list(token, '?type=origin');
    expect(first).toMatchObject({ total: ORDER_LIST_COUNT_CAP, totalCapped: true, page: 1 });
    expect(first.list[0]?.id).toBe(order.id);
    // The last page with a row, and a page past the end (its count runs on its own).
    const lastPage = ORDER_LIST_COUNT_CAP + 1;
    const last = await list(token, `?type=origin&pageSize=1&page=${lastPage}`);
    expect(last).toMatchObject({ total: ORDER_LIST_COUNT_CAP, totalCapped: true });
    expect(last.list).toHaveLength(1);
    const past = await list(token, `?type=origin&pageSize=1&page=${lastPage + 1}`);
    expect(past).toMatchObject({ list: [], total: ORDER_LIST_COUNT_CAP, totalCapped: true });
    const pastAll = await list(token, `?pageSize=1&page=${lastPage + 1}`);
    expect(pastAll).toMatchObject({ list: [], total: everyOrder, totalCapped: false });
    // The whole agency's tabs are exact too.
    const counts = await t.app.inject({
      url: '/order/v2/flight/orders/status?status=to_be_paid,issued',
      headers: bearer(token),
    });
    expect(body(counts).data).toEqual([
      { status: 'to_be_paid', cnt: everyOrder },
      { status: 'issued', cnt: 0 },
    ]);
    // A narrower search counts exactly.
    const some = await list(token, '?bookingNumber=F2026010100001');
    expect(some).toMatchObject({ total: 10, totalCapped: false });
  }, 60_000);

  it('counts a search for part of a text up to ORDER_SEARCH_COUNT_CAP, and the whole list further', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await copyOrder(order.id, ORDER_SEARCH_COUNT_CAP);
    const everyOrder = ORDER_SEARCH_COUNT_CAP + 1;
    expect(await list(token)).toMatchObject({ total: everyOrder, totalCapped: false });
    const surname = order.passengers[0]?.surname ?? '';
    const byName = await list(token, `?passenger=${surname}`);
    expect(byName).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    expect(byName.list[0]?.id).toBe(order.id);
    // A status or a date range is counted exactly (from the counts kept per day).
    expect(await list(token, '?status=to_be_paid')).toMatchObject({ total: everyOrder, totalCapped: false });
    // A search matching fewer is counted exactly.
    expect(await list(token, `?passenger=${surname}&bookingNumber=F2026010100010`)).toMatchObject({
      total: 10,
      totalCapped: false,
    });
  }, 60_000);

  it('pages a text search alike whether its matches are under the cap or past it, counted or not', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await copyOrder(order.id, ORDER_SEARCH_COUNT_CAP);
    const surname = order.passengers[0]?.surname ?? '';
    // Past the cap (every order), just under it (copies 1 to 999) and a few (copies 100 to 109).
    const searches = [
      { query: `passenger=${surname}`, total: ORDER_SEARCH_COUNT_CAP, totalCapped: true, matches: 1001 },
      {
        query: `passenger=${surname}&bookingNumber=F20260101000`,
        total: 999,
        totalCapped: false,
        matches: 999,
      },
      {
        query: `passenger=${surname}&bookingNumber=F2026010100010`,
        total: 10,
        totalCapped: false,
        matches: 10,
      },
    ];
    for (const { query, total, totalCapped, matches } of searches) {
      for (const sort of ['-bookingTime', 'bookingTime', '-orderTotal', 'departureDate', 'status']) {
        const lastPage = Math.ceil(matches / 20);
        for (const page of [1, 2, lastPage, lastPage + 1]) {
          const at = `?${query}&sort=${sort}&page=${page}`;
          const counted = await list(token, at);
          // The page alone is read by the ordered statement, as before the count found the matches.
          const alone = await list(token, `${at}&count=false`);
          expect(
            counted.list.map((o) => o.id),
            at,
          ).toEqual(alone.list.map((o) => o.id));
          expect(counted, at).toMatchObject({ total, totalCapped });
          expect(counted.list, at).toHaveLength(Math.max(0, Math.min(20, matches - (page - 1) * 20)));
        }
      }
      // Paged on with the cursor: the same rows as by offset, counted the same (a full page has one).
      if (matches <= 20) continue;
      const first = await list(token, `?${query}`);
      const byCursor = await list(token, `?${query}&page=2&after=${first.next}`);
      const byOffset = await list(token, `?${query}&page=2`);
      expect(
        byCursor.list.map((o) => o.id),
        query,
      ).toEqual(byOffset.list.map((o) => o.id));
      expect(byCursor, query).toMatchObject({ total, totalCapped });
      const oldest = await list(token, `?${query}&sort=bookingTime`);
      expect(
        (await list(token, `?${query}&sort=bookingTime&page=2&after=${oldest.next}`)).list.map((o) => o.id),
        query,
      ).toEqual((await list(token, `?${query}&sort=bookingTime&page=2`)).list.map((o) => o.id));
    }
    // Newest first: the template (booked last), then the copies by number.
    const newest = await list(token, `?passenger=${surname}&bookingNumber=F20260101000&pageSize=3`);
    expect(newest.list.map((o) => o.bookingNumber)).toEqual([
      'F20260101000001',
      'F20260101000002',
      'F20260101000003',
    ]);
  }, 120_000);

  it('counts exactly under the cap, on the first page, a later page and past the end', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await copyOrder(order.id, 4);
    expect(await list(token, '?pageSize=2')).toMatchObject({ total: 5, totalCapped: false });
    expect((await list(token, '?pageSize=2&page=3')).list).toHaveLength(1);
    expect(await list(token, '?pageSize=2&page=4')).toMatchObject({ list: [], total: 5, totalCapped: false });
    expect(await list(token, '?bookingNumber=NOSUCH')).toMatchObject({
      list: [],
      total: 0,
      totalCapped: false,
    });
  });

  it('answers a page without its count when the client has it (count=false), the same rows otherwise', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await copyOrder(order.id, 24);
    for (const query of [
      '?pageSize=10&page=2',
      '?pageSize=10&page=3&sort=-orderTotal',
      '?pageSize=10&page=4',
    ]) {
      const counted = await list(token, query);
      const alone = await list(token, `${query}&count=false`);
      expect(
        alone.list.map((o) => o.id),
        query,
      ).toEqual(counted.list.map((o) => o.id));
      expect(alone, query).toEqual({ ...counted, total: undefined, totalCapped: undefined });
      expect(alone, query).not.toHaveProperty('total');
    }
    const first = await list(token, '?pageSize=10&count=false');
    expect(first).not.toHaveProperty('total');
    const byCursor = await list(token, `?pageSize=10&page=2&after=${first.next}&count=false`);
    expect(byCursor.list.map((o) => o.id)).toEqual(
      (await list(token, '?pageSize=10&page=2')).list.map((o) => o.id),
    );
    // Counted when asked, as by default; the flag is checked.
    expect(await list(token, '?pageSize=10&count=true')).toMatchObject({ total: 25, totalCapped: false });
    const res = await t.app.inject({ url: '/order/v2/flight/orders?count=no', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
  });

  it("pages on after the previous page's last order with its cursor, as deep pages cost what the first does", async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await copyOrder(order.id, 24);
    const first = await list(token, '?pageSize=10');
    expect(first.next).toMatch(/^\d+_/);
    const byOffset = await list(token, '?pageSize=10&page=2');
    const byCursor = await list(token, `?pageSize=10&page=2&after=${first.next}`);
    expect(byCursor.list.map((o) => o.id)).toEqual(byOffset.list.map((o) => o.id));
    expect(byCursor).toMatchObject({ total: 25, page: 2, totalCapped: false });
    // Oldest first, the same way back.
    const oldest = await list(token, '?pageSize=10&sort=bookingTime');
    const oldestNext = await list(token, `?pageSize=10&sort=bookingTime&page=2&after=${oldest.next}`);
    expect(oldestNext.list.map((o) => o.id)).toEqual(
      (await list(token, '?pageSize=10&sort=bookingTime&page=2')).list.map((o) => o.id),
    );
    // An order booked meanwhile shifts the pages by offset, not the one after the cursor.
    await bookOne(t.app, token);
    expect((await list(token, '?pageSize=10&page=2')).list[0]?.id).toBe(first.list[9]?.id);
    expect((await list(token, `?pageSize=10&page=2&after=${first.next}`)).list.map((o) => o.id)).toEqual(
      byOffset.list.map((o) => o.id),
    );
    // The last page is not full: no next.
    const third = await list(token, `?pageSize=10&page=3&after=${byCursor.next}`);
    expect(third.list).toHaveLength(5);
    expect(third.next).toBeUndefined();
    // A cursor is for the booking time sort only, and is checked.
    for (const query of [`?sort=-orderTotal&after=${first.next}`, '?after=12_not-an-id', "?after=1_x'--"]) {
      const res = await t.app.inject({ url: `/order/v2/flight/orders${query}`, headers: bearer(token) });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await list(token, '?sort=-orderTotal&pageSize=10')).next).toBeUndefined();
    // The page after a cursor is read from the list's index, not sorted from the table.
    const [micros, id] = (first.next ?? '').split('_');
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      sql`explain select id from flight_orders where agency_id = 1
            and (created_at, id) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)
          order by created_at desc, id desc limit 10`,
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('flight_orders_agency_created_id_idx');
  });

  it('finds orders by a part of the booking number through the trigram index', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await copyOrder(order.id, 30);
    const found = await list(token, '?bookingNumber=0101000023');
    expect(found.list.map((o) => o.bookingNumber)).toEqual(['F20260101000023']);
    const plan = await planOf(sql`select id from flight_orders where booking_number ilike '%0101000023%'`);
    expect(plan).toContain('flight_orders_booking_number_trgm_idx');
  });

  it('has an index for each search the list runs: substrings by trigrams, own orders and a status in order', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    await copyOrder(order.id, 30);
    // The expressions are the list's own (`filters` in list-orders.ts), so a changed one shows here.
    const substrings: [string, SQL][] = [
      ['flight_orders_passenger_names_trgm_idx', sql`passenger_names ilike '%ZHANG%'`],
      ['flight_orders_flight_numbers_trgm_idx', sql`flight_numbers ilike '%MU583%'`],
      ['flight_orders_ticket_numbers_trgm_idx', sql`ticket_numbers ilike '%7812345%'`],
      ['flight_orders_contact_name_trgm_idx', sql`contact->>'name' ilike '%Lin Mei%'`],
      ['flight_orders_contact_email_trgm_idx', sql`contact->>'email' ilike '%lin@example%'`],
      ['flight_orders_contact_phone_trgm_idx', sql`contact->'phone'->>'number' ilike '%13800%'`],
    ];
    for (const [index, condition] of substrings) {
      expect(await planOf(sql`select id from flight_orders where ${condition}`)).toContain(index);
    }
    const newest = sql`order by created_at desc, id desc limit 20`;
    expect(
      await planOf(sql`select id from flight_orders where agency_id = 1 and user_id = 1 ${newest}`),
    ).toContain('flight_orders_agency_user_created_id_idx');
    expect(
      await planOf(
        sql`select id from flight_orders where agency_id = 1 and user_id = 1 and status = 'issued' ${newest}`,
      ),
    ).toContain('flight_orders_agency_user_status_created_id_idx');
    expect(
      await planOf(
        sql`select id from flight_orders where agency_id = 1 and status = 'issued'
              and created_at >= '2026-01-01' and created_at < '2026-02-01' ${newest}`,
      ),
    ).toContain('flight_orders_agency_status_created_id_idx');
    // The list still finds what they index.
    const surname = order.passengers[0]?.surname ?? '';
    expect(surname.length).toBeGreaterThanOrEqual(3);
    expect((await list(token, `?passenger=${surname.slice(0, 3)}`)).total).toBe(31);
  });

  it("reads a page's ids and its counts from the index alone, the type of order too (0044)", async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    // Enough orders, half of them issued, for the indexes' sizes to tell apart (a few rows fit one
    // page of each, and the planner's choice between them is then a tie).
    await copyOrder(order.id, 2_000);
    await t.database.db.execute(
      sql`update flight_orders set status = 'issued' where right(booking_number, 1) in ('0', '2', '4', '6', '8')`,
    );
    // Vacuumed, the table's pages are all-visible, as they mostly are at scale: an index-only scan
    // then reads no row of the table, unless a condition needs a column the index lacks.
    await t.database.db.execute(sql`vacuum analyze flight_orders`);
    const indexOnly = (query: SQL) => planOf(query, { bitmapScans: false });
    // The list's conditions (`filters` in list-orders.ts) with its default type.
    const page = sql`order by created_at desc, id desc limit 20 offset 20`;
    const scopes: [string, SQL][] = [
      ['flight_orders_agency_created_id_idx', sql`agency_id = 1`],
      ['flight_orders_agency_user_created_id_idx', sql`agency_id = 1 and user_id = 1`],
      ['flight_orders_agency_status_created_id_idx', sql`agency_id = 1 and status = 'to_be_paid'`],
      [
        'flight_orders_agency_user_status_created_id_idx',
        sql`agency_id = 1 and user_id = 1 and status = 'to_be_paid'`,
      ],
    ];
    for (const [index, scope] of scopes) {
      const ids = await indexOnly(
        sql`select id from flight_orders where ${scope} and type = 'origin' ${page}`,
      );
      expect(ids, index).toContain(`Index Only Scan Backward using ${index}`);
      const counted = await indexOnly(
        sql`select count(*) from (select 1 from flight_orders where ${scope} and type = 'origin' limit 10001) m`,
      );
      expect(counted, index).toContain('Index Only Scan');
    }
    // A status's capped count (tabs, a status tab's total) reads the narrow, deduplicated index.
    expect(
      await indexOnly(
        sql`select count(*) from (select 1 from flight_orders where agency_id = 1 and status = 'issued' limit 10001) m`,
      ),
    ).toContain('Index Only Scan using flight_orders_agency_status_idx');
    // The newest pages, the ones being booked and changed, are vacuumed again sooner than by default.
    const [table] = await rowsOf<{ reloptions: string[] | null }>(
      sql`select reloptions from pg_class where oid = 'flight_orders'::regclass`,
    );
    expect(table?.reloptions).toEqual(
      expect.arrayContaining([
        'autovacuum_vacuum_insert_scale_factor=0.005',
        'autovacuum_vacuum_scale_factor=0.02',
      ]),
    );
  });
});
