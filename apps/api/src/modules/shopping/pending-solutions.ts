import type { Db } from '../../platform/db';

/**
 * The solution rows this process is still writing, per database: a search's polls list a
 * supplier's solutions as soon as it answers and the rows are written right after, so a read of
 * one of them (a price check, a booking) waits here for its write instead of missing it.
 */
interface Pending {
  bySolution: Map<string, Promise<unknown>>;
  bySearch: Map<string, Set<Promise<unknown>>>;
}

const pendingOf = new WeakMap<Db, Pending>();

function pending(db: Db): Pending {
  let entry = pendingOf.get(db);
  if (!entry) {
    entry = { bySolution: new Map(), bySearch: new Map() };
    pendingOf.set(db, entry);
  }
  return entry;
}

/** Marks the rows of `searchId` with these ids as being written by `write` until it settles. */
export function trackSolutionWrite(
  db: Db,
  searchId: string,
  ids: readonly string[],
  write: Promise<unknown>,
): void {
  const entry = pending(db);
  const settled = write.then(
    () => undefined,
    () => undefined,
  );
  for (const id of ids) entry.bySolution.set(id, settled);
  const writes = entry.bySearch.get(searchId) ?? new Set();
  writes.add(settled);
  entry.bySearch.set(searchId, writes);
  void settled.then(() => {
    for (const id of ids) if (entry.bySolution.get(id) === settled) entry.bySolution.delete(id);
    writes.delete(settled);
    if (writes.size === 0 && entry.bySearch.get(searchId) === writes) entry.bySearch.delete(searchId);
  });
}

/** Resolves once this process's write of solution `id`, if any, has settled (never rejects). */
export async function solutionWritten(db: Db, id: string): Promise<void> {
  await pendingOf.get(db)?.bySolution.get(id);
}

/** Resolves once this process's writes of `searchId`'s solutions have settled (never rejects). */
export async function searchWritten(db: Db, searchId: string): Promise<void> {
  const writes = pendingOf.get(db)?.bySearch.get(searchId);
  if (writes) await Promise.all(writes);
}
