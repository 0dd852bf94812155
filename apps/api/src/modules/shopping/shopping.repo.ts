import { setTimeout } from 'node:timers/promises';
import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { SupplierProgress } from '@portal/domain/shopping';
import type { Db } from '../../platform/db';
import {
  lookToBook,
  searches,
  searchSuppliers,
  solutions,
  type SearchRow,
  type SolutionRow,
} from './shopping.schema';
import { solutionWritten, trackSolutionWrite } from './pending-solutions';

export type NewSearch = typeof searches.$inferInsert;
export type NewSolution = typeof solutions.$inferInsert;
/** A solution row as listed (without the offer). */
export type ListedSolution = Omit<SolutionRow, 'offer'>;

/** Stores a search and its suppliers (pending), in one statement. */
export async function insertSearch(db: Db, row: NewSearch, supplierNames: string[]): Promise<void> {
  const search = db.insert(searches).values(row);
  if (supplierNames.length === 0) {
    await search;
    return;
  }
  await db.execute(sql`
    with search as (${search.returning({ id: searches.id }).getSQL()})
    insert into ${searchSuppliers} (search_id, supplier)
    select search.id, name from search, json_array_elements_text(${JSON.stringify(supplierNames)}::json) as name`);
}

/** The search if it belongs to the agency. */
export async function findSearch(db: Db, agencyId: number, id: string): Promise<SearchRow | undefined> {
  const [row] = await db
    .select()
    .from(searches)
    .where(and(eq(searches.id, id), eq(searches.agencyId, agencyId)))
    .limit(1);
  return row;
}

export async function updateSupplierProgress(
  db: Db,
  searchId: string,
  progress: Omit<SupplierProgress, 'name'> & { name: string },
): Promise<void> {
  await db
    .update(searchSuppliers)
    .set({ status: progress.status, count: progress.count, elapsedMs: progress.elapsedMs })
    .where(and(eq(searchSuppliers.searchId, searchId), eq(searchSuppliers.supplier, progress.name)));
}

/**
 * The progress of a search's suppliers by name, in character code order whatever the database's
 * collation (`collate "C"`): the order of `supplierOrder`, so that a poll's cursor reads the same
 * whether the progress comes from the database or from the instance running the search.
 */
export async function listSupplierProgress(db: Db, searchId: string): Promise<SupplierProgress[]> {
  const rows = await db
    .select()
    .from(searchSuppliers)
    .where(eq(searchSuppliers.searchId, searchId))
    .orderBy(sql`${searchSuppliers.supplier} collate "C"`);
  return rows.map((r) => ({
    name: r.supplier,
    status: r.status === 'done' || r.status === 'timeout' || r.status === 'error' ? r.status : 'pending',
    count: r.count,
    elapsedMs: r.elapsedMs,
  }));
}

/** Supplier names in the order `listSupplierProgress` lists them. */
export function supplierOrder(names: readonly string[]): string[] {
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A solution row to store: every column given (the JSON insert below has no column defaults). */
export type StoredSolution = Required<Omit<NewSolution, 'createdAt'>>;

/** A supplier settling a search: its progress, written with its solutions. */
export type SupplierSettled = Omit<SupplierProgress, 'count'> & { searchId: string };

/**
 * Stores a supplier's solutions in one statement with one parameter: the rows as a JSON array,
 * spread into columns by `json_to_recordset`. Drizzle's multi-row insert binds every value and
 * builds the statement chunk by chunk, about 20 to 50 ms of the event loop for 140 rows, while
 * one `JSON.stringify` of the same rows takes about 2 ms (`docs/performance/history.md`, "Shopping engine").
 * With `settles`, the same statement marks the supplier settled with `rows.length` solutions: one
 * round trip, and no poll reading the database can see the supplier settled without its rows.
 *
 * `schedule` runs the write when its turn comes (default: at once). The rows count as being
 * written from the call on (`findSolution` waits for them), also while the write waits its turn.
 */
export async function insertSolutions(
  db: Db,
  rows: StoredSolution[],
  settles?: SupplierSettled,
  schedule: (write: () => Promise<void>) => Promise<void> = (write) => write(),
): Promise<void> {
  const write = schedule(() => writeSolutions(db, rows, settles));
  const searchId = settles?.searchId ?? rows[0]?.searchId;
  if (searchId !== undefined) {
    trackSolutionWrite(
      db,
      searchId,
      rows.map((row) => row.id),
      write,
    );
  }
  await write;
}

async function writeSolutions(db: Db, rows: StoredSolution[], settles?: SupplierSettled): Promise<void> {
  const progress = settles && { ...settles, count: rows.length };
  if (rows.length === 0) {
    if (progress) await updateSupplierProgress(db, progress.searchId, progress);
    return;
  }
  const insert = sql`
    insert into ${solutions} (id, search_id, agency_id, supplier, dedupe_key, flights_key, payload,
                              total_minor, currency, departure_at, duration_minutes, offer, listed, expires_at)
    select id, "searchId", "agencyId", supplier, "dedupeKey", "flightsKey", payload,
           "totalMinor", currency, "departureAt", "durationMinutes", offer, listed, "expiresAt"
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(
        id text, "searchId" text, "agencyId" integer, supplier text, "dedupeKey" text, "flightsKey" text,
        payload jsonb, "totalMinor" bigint, currency text, "departureAt" timestamptz,
        "durationMinutes" integer, offer jsonb, listed boolean, "expiresAt" timestamptz)`;
  if (!progress) {
    await db.execute(insert);
    return;
  }
  // A data-modifying WITH runs once and to completion, whether or not the update reads it.
  await db.execute(sql`
    with stored as (${insert})
    update ${searchSuppliers}
       set status = ${progress.status}, count = ${progress.count}, elapsed_ms = ${progress.elapsedMs}
     where search_id = ${progress.searchId} and supplier = ${progress.name}`);
}

/** The listed solutions of a search (price-check rows excluded). */
export async function listSolutions(db: Db, searchId: string): Promise<ListedSolution[]> {
  // Without the supplier's offer: only the price check needs it, and it is the bulk of a row.
  const { offer: _offer, ...columns } = getTableColumns(solutions);
  return db
    .select(columns)
    .from(solutions)
    .where(and(eq(solutions.searchId, searchId), eq(solutions.listed, true)));
}

/**
 * How long a missing solution is looked for again: a search's polls list a supplier's solutions
 * before their rows are written, so another instance's poll may name one a few milliseconds early.
 */
const WRITE_RECHECKS_MS = [30, 90, 180];

/**
 * A solution if it belongs to the agency. Waits for this process's write of it, if one is under
 * way, and looks again for a while when it is missing, for a write another instance is finishing.
 */
export async function findSolution(db: Db, agencyId: number, id: string): Promise<SolutionRow | undefined> {
  await solutionWritten(db, id);
  const read = async () =>
    (
      await db
        .select()
        .from(solutions)
        .where(and(eq(solutions.id, id), eq(solutions.agencyId, agencyId)))
        .limit(1)
    )[0];
  let row = await read();
  for (const delay of WRITE_RECHECKS_MS) {
    if (row) break;
    await setTimeout(delay);
    row = await read();
  }
  return row;
}

/** Deletes searches (and their solutions) created before `before`. */
export async function deleteSearchesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(searches).where(lt(searches.createdAt, before));
}

/** Read through the exchange-rates module, which owns the rates (kept here for its callers). */

/** Adds to the look-to-book counters of the agency's day. */
export async function bumpLookToBook(
  db: Db,
  agencyId: number,
  day: string,
  field: 'searches' | 'bookings',
): Promise<void> {
  const column = field === 'searches' ? lookToBook.searches : lookToBook.bookings;
  await db
    .insert(lookToBook)
    .values({ agencyId, day, searches: field === 'searches' ? 1 : 0, bookings: field === 'bookings' ? 1 : 0 })
    .onConflictDoUpdate({
      target: [lookToBook.agencyId, lookToBook.day],
      set: { [field]: sql`${column} + 1` },
    });
}

export async function readLookToBook(
  db: Db,
  agencyId: number,
  day: string,
): Promise<{ searches: number; bookings: number }> {
  const [row] = await db
    .select()
    .from(lookToBook)
    .where(and(eq(lookToBook.agencyId, agencyId), eq(lookToBook.day, day)))
    .limit(1);
  return { searches: row?.searches ?? 0, bookings: row?.bookings ?? 0 };
}
