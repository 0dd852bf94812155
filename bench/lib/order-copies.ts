import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** The statuses the copies are spread over. */
export const STATUSES = ['to_be_paid', 'proceeding', 'issued', 'canceled', 'refunded'];

/** The 70 common surnames 95 % of the copies' passengers have, in turn. */
export const COMMON_SURNAMES = [
  'WANG',
  'LI',
  'ZHANG',
  'LIU',
  'CHEN',
  'YANG',
  'HUANG',
  'ZHAO',
  'WU',
  'ZHOU',
  'XU',
  'SUN',
  'MA',
  'ZHU',
  'HU',
  'GUO',
  'HE',
  'GAO',
  'LIN',
  'LUO',
  'ZHENG',
  'LIANG',
  'XIE',
  'SONG',
  'TANG',
  'QIN',
  'HAN',
  'FENG',
  'DENG',
  'CAO',
  'PENG',
  'ZENG',
  'XIAO',
  'TIAN',
  'DONG',
  'YUAN',
  'PAN',
  'YU',
  'JIANG',
  'CAI',
  'GU',
  'DU',
  'YE',
  'CHENG',
  'SU',
  'WEI',
  'LV',
  'DING',
  'REN',
  'SHEN',
  'YAO',
  'LU',
  'MO',
  'CUI',
  'ZHONG',
  'TAN',
  'KONG',
  'DAI',
  'FAN',
  'JIN',
  'SHI',
  'LIAO',
  'JIA',
  'XIA',
  'QIU',
  'FU',
  'FANG',
  'BAI',
  'ZOU',
  'MENG',
];

/** How many rare surnames the other 5 % have (`RARE` + 4 hex digits, each on about 1 in 800,000 at a million). */
export const RARE_SURNAMES = 40_000;

/** The rare surname number `n` (as the copies write it). */
export const rareSurname = (n: number) =>
  `RARE${(n % RARE_SURNAMES).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * One `INSERT … SELECT` copying the template order (`$1`) as numbers `$3`…`$4` (booking numbers
 * `F2026010` + 7 digits, PNRs `P` + upper-case hex as the API stores and looks them up, one a
 * minute back in time, statuses `$2` in turn), each with one passenger named by its number: a
 * common surname (`$5`) for 95 of every 100, a rare one (`rareSurname`) for the rest, and booked
 * by the staff `$6` in turn.
 */
async function copyStatement(client: pg.Pool | pg.PoolClient): Promise<string> {
  const columns = (
    await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'flight_orders'
          and column_name not in ('id', 'booking_number', 'status', 'pnr', 'created_at', 'updated_at',
                                  'passenger_names', 'user_id')`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  const list = columns.join(', ');
  return `insert into flight_orders (id, booking_number, status, pnr, created_at, updated_at, passenger_names, user_id, ${list})
       select gen_random_uuid(), 'F2026010' || lpad(g::text, 7, '0'), ($2::text[])[1 + g % ${STATUSES.length}],
              'P' || lpad(upper(to_hex(g)), 5, '0'), now() - g * interval '1 minute', now(),
              case when g % 100 < 95 then ($5::text[])[1 + (g / 100) % ${COMMON_SURNAMES.length}]
                   else 'RARE' || lpad(upper(to_hex(g % ${RARE_SURNAMES})), 4, '0') end || '/TEST',
              ($6::int[])[1 + g % cardinality($6::int[])],
              ${list}
         from flight_orders t, generate_series($3::int, $4::int) g where t.id = $1`;
}

/** The staff of the copies' agency: its template's booker and colleagues added up to this many. */
export const STAFF = 50;

/**
 * Adds colleagues to the template order's booker (copies of that user, `bench-staff-N`) until its
 * agency has `STAFF` users; the ids of all of them, the booker's first.
 */
async function staffOf(pool: pg.Pool, templateId: string): Promise<number[]> {
  const { rows } = await pool.query<{ user_id: number; agency_id: number }>(
    'select user_id, agency_id from flight_orders where id = $1',
    [templateId],
  );
  const booker = rows[0];
  if (!booker) throw new Error(`no order ${templateId}`);
  const columns = (
    await pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'users' and column_name not in ('id', 'username')`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  const others = await pool.query<{ id: number }>(
    'select id from users where agency_id = $1 and id <> $2 order by id',
    [booker.agency_id, booker.user_id],
  );
  const missing = STAFF - 1 - others.rows.length;
  const added =
    missing > 0
      ? (
          await pool.query<{ id: number }>(
            `insert into users (username, ${columns.join(', ')})
             select 'bench-staff-' || g, ${columns.join(', ')} from users, generate_series(1, $2::int) g
              where id = $1 returning id`,
            [booker.user_id, missing],
          )
        ).rows
      : [];
  return [booker.user_id, ...[...others.rows, ...added].slice(0, STAFF - 1).map((r) => r.id)];
}

/**
 * `orders` copies of the template order for its agency in batches of `batch`, booked by `STAFF`
 * users of the agency in turn; seconds taken.
 */
export async function insertOrders(
  pool: pg.Pool,
  templateId: string,
  orders: number,
  batch: number,
): Promise<number> {
  const start = performance.now();
  const copy = await copyStatement(pool);
  const staff = await staffOf(pool, templateId);
  for (let from = 1; from <= orders; from += batch) {
    const to = Math.min(orders, from + batch - 1);
    await pool.query(copy, [templateId, STATUSES, from, to, COMMON_SURNAMES, staff]);
  }
  // A live table is vacuumed by autovacuum; do it now so index-only scans see a set visibility map.
  await pool.query('vacuum analyze flight_orders');
  return (performance.now() - start) / 1000;
}

/**
 * Seconds one `INSERT … SELECT` of `rows` more copies takes with the order list's notifying
 * insert trigger and with it disabled, alternating `rounds` times. Each runs in a transaction
 * rolled back, so the table stays as it was (the trigger's work, its transition table and
 * `pg_notify` queueing, is done; only the delivery at commit, one message per agency, is not).
 */
export async function insertTriggerCost(
  pool: pg.Pool,
  templateId: string,
  after: number,
  rows: number,
  rounds = 2,
): Promise<{ withTrigger: number[]; without: number[] }> {
  const client = await pool.connect();
  try {
    const copy = await copyStatement(client);
    const staff = await staffOf(pool, templateId);
    const timed = async (trigger: boolean) => {
      await client.query('begin');
      try {
        if (!trigger)
          await client.query('alter table flight_orders disable trigger flight_orders_list_insert');
        const start = performance.now();
        await client.query(copy, [templateId, STATUSES, after + 1, after + rows, COMMON_SURNAMES, staff]);
        return (performance.now() - start) / 1000;
      } finally {
        await client.query('rollback');
      }
    };
    const result = { withTrigger: [] as number[], without: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      result.without.push(await timed(false));
      result.withTrigger.push(await timed(true));
    }
    return result;
  } finally {
    client.release();
  }
}
