import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import {
  ORDER_LIST_COUNT_CAP,
  ORDER_SEARCH_COUNT_CAP,
  type FlightOrderList,
  type FlightOrderListQuery,
} from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';
import type { Db } from '../../platform/db';
import { likeContaining } from '../../platform/db/like';
import type { RequestContext } from '../../platform/request-context';
import { perShape, statementName } from '../../platform/db/rows';
import { dayEndIn, dayStartIn } from '../../platform/time-zones';
import type { TextSearchLane } from './text-search-lane';
import { cacheKey, statusesOf } from './order-list-keys';
import { presentListItem, type ListRow } from './flight-orders.presenter';
import type { OrderListCache } from './list-cache';
import { orderScopeTemplate } from './flight-orders.policy';
import { flightOrders } from './flight-orders.schema';
import { countRange, exactCountOf } from './order-daily-counts';

/** A whole booking number (`F` + 14 digits) uses the unique index; a part of one is a substring search. */
const WHOLE_BOOKING_NUMBER = /^F\d{14}$/i;

const p = sql.placeholder;
type Values = Record<string, unknown>;

/**
 * A list's conditions as a statement shape: `key` names which conditions apply (so equal keys
 * build equal SQL), `conditions` builds them with placeholders (once per shape) and `values`
 * fills the placeholders of this request.
 */
interface FilterShape {
  key: string;
  values: Values;
  conditions(): SQL[];
  /** Where the count stops: lower for a search for part of a text (`ORDER_SEARCH_COUNT_CAP`). */
  countCap: number;
  /**
   * The whole agency's orders, by statuses (`statuses` placeholders, 0: any) and booking time at
   * most: counted exactly, without a cap, from the counts kept per day (`order-daily-counts.ts`).
   */
  exact?: { statuses: number };
}

/** The filters an exact count handles (besides the whole agency's scope): time range, statuses. */
const EXACTLY_COUNTED = /^(dateFrom|dateTo|status\d+)$/;

function filters(ctx: RequestContext, q: FlightOrderListQuery): FilterShape {
  const scope = orderScopeTemplate(ctx);
  const keys: string[] = [scope.key];
  const values: Values = { ...scope.values };
  const builders: (() => SQL | undefined)[] = [scope.condition];
  let countCap = ORDER_LIST_COUNT_CAP;
  const add = (key: string, value: Values, build: () => SQL | undefined) => {
    keys.push(key);
    Object.assign(values, value);
    builders.push(build);
  };
  /** A condition on part of a text: each match is checked in the table, so fewer are counted. */
  const addSubstring = (key: string, value: Values, build: () => SQL | undefined) => {
    add(key, value, build);
    countCap = ORDER_SEARCH_COUNT_CAP;
  };
  if (q.bookingNumber) {
    const trimmed = q.bookingNumber.trim();
    if (WHOLE_BOOKING_NUMBER.test(trimmed)) {
      add('bookingNumber=', { bookingNumber: trimmed.toUpperCase() }, () =>
        eq(flightOrders.bookingNumber, p('bookingNumber')),
      );
    } else {
      addSubstring('bookingNumber~', { bookingNumber: likeContaining(trimmed) }, () =>
        ilike(flightOrders.bookingNumber, p('bookingNumber')),
      );
    }
  }
  if (q.pnr) add('pnr', { pnr: q.pnr.toUpperCase() }, () => eq(flightOrders.pnr, p('pnr')));
  if (q.ticketNumber) {
    addSubstring('ticketNumber', { ticketNumber: likeContaining(q.ticketNumber.replaceAll('-', '')) }, () =>
      ilike(flightOrders.ticketNumbers, p('ticketNumber')),
    );
  }
  if (q.passenger) {
    addSubstring(
      'passenger',
      { passenger: likeContaining(q.passenger.toUpperCase().replace(/\s+/g, '/')) },
      () => ilike(flightOrders.passengerNames, p('passenger')),
    );
  }
  if (q.flightNumber) {
    addSubstring('flightNumber', { flightNumber: likeContaining(q.flightNumber.replace(/\s+/g, '')) }, () =>
      ilike(flightOrders.flightNumbers, p('flightNumber')),
    );
  }
  if (q.airline)
    add('airline', { airline: q.airline.toUpperCase() }, () => eq(flightOrders.airline, p('airline')));
  // The agency's calendar days. Placeholders skip the column's encoder: the instants go as the
  // ISO text drizzle would send (and, being values, they key the cached answer: another zone's
  // day is another key).
  if (q.dateFrom) {
    add('dateFrom', { dateFrom: dayStartIn(q.dateFrom, ctx.company.timeZone).toISOString() }, () =>
      gte(flightOrders.createdAt, p('dateFrom')),
    );
  }
  if (q.dateTo) {
    add('dateTo', { dateTo: dayEndIn(q.dateTo, ctx.company.timeZone).toISOString() }, () =>
      lt(flightOrders.createdAt, p('dateTo')),
    );
  }
  if (q.status) {
    const statuses = statusesOf(q.status);
    add(
      `status${statuses.length}`,
      Object.fromEntries(statuses.map((status, i) => [`status${i}`, status])),
      () =>
        inArray(
          flightOrders.status,
          statuses.map((_, i) => p(`status${i}`)),
        ),
    );
  }
  if (q.type !== 'all') add('type', { type: q.type }, () => eq(flightOrders.type, p('type')));
  if (q.contact) {
    addSubstring('contact', { contact: likeContaining(q.contact) }, () =>
      or(
        sql`${flightOrders.contact}->>'name' ilike ${p('contact')}`,
        sql`${flightOrders.contact}->>'email' ilike ${p('contact')}`,
        sql`${flightOrders.contact}->'phone'->>'number' ilike ${p('contact')}`,
      ),
    );
  }
  const [scopeKey, ...filterKeys] = keys;
  const exact =
    scopeKey === 'agency' && filterKeys.every((key) => EXACTLY_COUNTED.test(key))
      ? { statuses: q.status ? statusesOf(q.status).length : 0 }
      : undefined;
  if (exact) {
    // The range as the conditions above compare it: instants, `[dateFrom, dateTo)`.
    const instant = (value: unknown) => (value === undefined ? undefined : String(value));
    Object.assign(values, countRange(instant(values.dateFrom), instant(values.dateTo)));
  }
  return {
    key: keys.join(','),
    values,
    conditions: () => builders.map((build) => build()).filter((c): c is SQL => c !== undefined),
    countCap,
    exact,
  };
}

/** What a list row reads (see `ListRow`): the solution's legs only, not the whole solution or offer. */
const LIST_COLUMNS = {
  id: flightOrders.id,
  bookingNumber: flightOrders.bookingNumber,
  originalBookingId: flightOrders.originalBookingId,
  type: flightOrders.type,
  status: flightOrders.status,
  pnr: flightOrders.pnr,
  airline: flightOrders.airline,
  flightNumbers: flightOrders.flightNumbers,
  passengerNames: flightOrders.passengerNames,
  paymentDeadline: flightOrders.paymentDeadline,
  confirmDeadline: flightOrders.confirmDeadline,
  voidDeadline: flightOrders.voidDeadline,
  createdAt: flightOrders.createdAt,
  currency: flightOrders.currency,
  orderTotalMinor: flightOrders.orderTotalMinor,
  paymentState: flightOrders.paymentState,
  legs: sql<Solution['legs']>`${flightOrders.solution} -> 'legs'`,
  contactName: sql<string>`${flightOrders.contact} ->> 'name'`,
  passengerCount: sql<number>`jsonb_array_length(${flightOrders.passengers})`.mapWith(Number),
  /** The booking time in whole microseconds, exact (the cursor's; a Date keeps milliseconds only). */
  bookedMicros: sql<string>`(extract(epoch from ${flightOrders.createdAt}) * 1000000)::bigint::text`,
  // Read for the page's rows only, through the live-claims index.
  claimedTickets:
    sql<number>`(select count(*) from ticket_claims c where c.order_id = "flight_orders"."id" and c.released_at is null)`.mapWith(
      Number,
    ),
};

const SORT_COLUMNS = {
  bookingTime: flightOrders.createdAt,
  departureDate: flightOrders.departureAt,
  orderTotal: flightOrders.orderTotalMinor,
  status: flightOrders.status,
} as const;

/** At most this many statement shapes are prepared per database; others are built per request. */
const MAX_SHAPES = 200;

interface ListStatements {
  /** The page's rows, each with the capped (or exact) count of all matching rows (`matching`). */
  pageAndCount: PgPreparedQuery<
    PreparedQueryConfig & { execute: (ListRow & { matching: number; bookedMicros: string })[] }
  >;
  /** The page's rows alone, for a client that has the count (`count=false`). */
  page: PgPreparedQuery<PreparedQueryConfig & { execute: (ListRow & { bookedMicros: string })[] }>;
  /** The capped (or exact) count alone (an empty page past the first). */
  count: PgPreparedQuery<PreparedQueryConfig & { execute: { n: number }[] }>;
}

function buildStatements(
  db: Db,
  shape: FilterShape,
  q: FlightOrderListQuery,
  prepare: boolean,
): ListStatements {
  const where = and(...shape.conditions());
  const field = q.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS;
  const column = SORT_COLUMNS[field];
  const direction = q.sort.startsWith('-') ? desc : asc;
  // The page's ids first, then their list columns: the skipped rows of a deep page are never read
  // beyond the index, while the JSON a row presents is read for the page's rows only.
  const order = [direction(column), direction(flightOrders.id)];
  // After a cursor (booking time sort only, `FlightOrderListQuery`): the rows past the previous
  // page's last, found in the index like a first page's; without one, the page's offset.
  const seek = q.after
    ? sql`(${flightOrders.createdAt}, ${flightOrders.id}) ${sql.raw(q.sort.startsWith('-') ? '<' : '>')}
          (timestamptz 'epoch' + ${p('afterMicros')}::bigint * interval '1 microsecond', ${p('afterId')}::uuid)`
    : undefined;
  /** The page's ids in the sort's order; `when`: only if it holds (a one-time condition). */
  const pageIdsWhen = (when?: SQL) =>
    db
      .select({ id: flightOrders.id })
      .from(flightOrders)
      .where(and(where, seek, when))
      .orderBy(...order)
      .limit(p('limit'))
      .offset(p('offset'));
  const pageIds = pageIdsWhen();
  // The count stops at one past the cap, so its cost is bounded however many orders match. It
  // rides along the page's own statement (one round trip, evaluated once as an init plan); only an
  // empty page past the first needs a statement of its own.
  const matching = db
    .select({ one: sql`1` })
    .from(flightOrders)
    .where(where)
    .limit(shape.countCap + 1)
    .as('matching');
  // The whole agency's count is exact from the counts kept per day, and costs about as little.
  const cappedCount = shape.exact
    ? db.select({ n: exactCountOf(db, shape.exact.statuses) }).from(sql`(select 1) as one`)
    : db.select({ n: count() }).from(matching);
  const pageAndCount =
    shape.countCap === ORDER_SEARCH_COUNT_CAP
      ? searchPageAndCount(db, shape.countCap, where, column, direction, q.after !== undefined, pageIdsWhen)
      : db
          .select({ ...LIST_COLUMNS, matching: sql<number>`(${cappedCount})`.mapWith(Number) })
          .from(flightOrders)
          .where(inArray(flightOrders.id, pageIds))
          .orderBy(...order);
  const page = db
    .select(LIST_COLUMNS)
    .from(flightOrders)
    .where(inArray(flightOrders.id, pageIds))
    .orderBy(...order);
  // An empty name is node-postgres's unnamed statement (parsed and planned per request).
  const named = (kind: string, query: { toSQL(): { sql: string } }) =>
    prepare ? statementName(`order_list_${kind}`, query.toSQL().sql) : '';
  return {
    pageAndCount: pageAndCount.prepare(named('page_count', pageAndCount)),
    page: page.prepare(named('page', page)),
    count: cappedCount.prepare(named('count', cappedCount)),
  };
}

/**
 * A search for part of a text with its count: the matching orders are found once, in the text's
 * trigram index, up to one past the cap (`matches`, with the sort key, each checked in the table).
 * Their number is the count; when they are all the matches (at most the cap), the page is sorted
 * from them, so a name with few matches costs one trigram scan instead of two (one for the count,
 * one for the page). Past the cap the page is read as `pageIds` reads it (for a common name, the
 * agency's orders walked in the sort's order, names checked in each row): the branch not taken is
 * a one-time filter, never run. `matches` is read more than once, so PostgreSQL materializes it.
 */
function searchPageAndCount<Walk extends Parameters<typeof unionAll>[1]>(
  db: Db,
  countCap: number,
  where: SQL | undefined,
  column: (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS],
  direction: typeof asc,
  afterCursor: boolean,
  pageIdsWhen: (when: SQL) => Walk,
) {
  const matches = db.$with('matches').as(
    db
      .select({ id: flightOrders.id, key: sql`${column}`.as('key') })
      .from(flightOrders)
      .where(where)
      .limit(countCap + 1),
  );
  const counted = db.$with('counted').as(db.select({ n: count().as('n') }).from(matches));
  const n = sql`(select ${counted.n} from ${counted})`;
  const cap = sql.raw(String(countCap));
  // The cursor's condition again, on the matches' sort key (a cursor comes with the booking time sort).
  const after = afterCursor
    ? sql`(${matches.key}, ${matches.id}) ${sql.raw(direction === desc ? '<' : '>')}
          (timestamptz 'epoch' + ${p('afterMicros')}::bigint * interval '1 microsecond', ${p('afterId')}::uuid)`
    : undefined;
  const fromMatches = db
    .select({ id: matches.id })
    .from(matches)
    .where(and(sql`${n} <= ${cap}`, after))
    .orderBy(direction(matches.key), direction(matches.id))
    .limit(p('limit'))
    .offset(p('offset'));
  return db
    .with(matches, counted)
    .select({ ...LIST_COLUMNS, matching: sql<number>`${n}`.mapWith(Number) })
    .from(flightOrders)
    .where(inArray(flightOrders.id, unionAll(fromMatches, pageIdsWhen(sql`${n} > ${cap}`))))
    .orderBy(direction(column), direction(flightOrders.id));
}

/** The statements of this list's shape: prepared once per shape (up to `MAX_SHAPES` per database). */
const statementsOf = perShape<ListStatements>(MAX_SHAPES);

/**
 * `GET /order/v2/flight/orders`: advanced search, paging and sort; with `count=false` the page
 * alone, without the capped count that is most of a page's cost. With `cache`, the statements'
 * rows are reused while no order of the agency changed; they are presented per request, as the
 * actions an order allows depend on `now`.
 */
export async function listOrders(
  db: Db,
  ctx: RequestContext,
  q: FlightOrderListQuery,
  now: Date,
  { cache, textSearches }: { cache?: OrderListCache; textSearches?: TextSearchLane } = {},
): Promise<FlightOrderList> {
  const shape = filters(ctx, q);
  const statements = statementsOf(db, `${shape.key};${q.sort}${q.after ? ';after' : ''}`, (kept) =>
    buildStatements(db, shape, q, kept),
  );
  const [afterMicros, afterId] = q.after?.split('_') ?? [];
  const values = {
    ...shape.values,
    limit: q.pageSize,
    ...(q.after ? { offset: 0, afterMicros, afterId } : { offset: (q.page - 1) * q.pageSize }),
  };
  const read = async (): Promise<{ rows: (ListRow & { bookedMicros: string })[]; n?: number }> => {
    if (!q.count) return { rows: await statements.page.execute(values) };
    const rows = await statements.pageAndCount.execute(values);
    const count = rows[0]?.matching;
    if (count !== undefined || q.page === 1) return { rows, n: count ?? 0 };
    return { rows, n: (await statements.count.execute(values))[0]?.n ?? 0 };
  };
  // A search for part of a text waits its turn in the lane while other reads are under way (a
  // cached answer does not).
  const readInTurn = !textSearches
    ? read
    : shape.countCap === ORDER_SEARCH_COUNT_CAP
      ? () => textSearches.search(read)
      : () => textSearches.other(read);
  const { rows, n } = cache?.active
    ? await cache.read(
        cacheKey(db, q.count ? 'list' : 'list-page', `${shape.key};${q.sort}`, values),
        ctx.agency.id,
        readInTurn,
        (answer) => Math.max(1, answer.rows.length),
      )
    : await readInTurn();
  const last = rows.length === q.pageSize ? rows.at(-1) : undefined;
  const bookingTimeSort = q.sort.replace(/^-/, '') === 'bookingTime';
  return {
    list: rows.map((row) => presentListItem(row, now)),
    ...(n === undefined
      ? {}
      : shape.exact
        ? { total: n, totalCapped: false }
        : { total: Math.min(n, shape.countCap), totalCapped: n > shape.countCap }),
    page: q.page,
    pageSize: q.pageSize,
    ...(last && bookingTimeSort ? { next: `${last.bookedMicros}_${last.id}` } : {}),
  };
}
