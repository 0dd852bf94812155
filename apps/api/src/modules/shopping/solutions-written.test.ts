import { eq, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerificationResult } from '@portal/domain/shopping';
import { solutions } from './shopping.schema';
import { bearer, body, login, useTestApp } from '../../test/app';
import { searchWritten } from './pending-solutions';
import { findSolution, insertSolutions, listSupplierProgress, type StoredSolution } from './shopping.repo';
import { awaitFinished, oneWay, startSearch } from './shopping.test-helpers';

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Whether a statement is a supplier's solutions being written (`insertSolutions`). */
const writesSolutions = (query: SQL) =>
  (t.database.db as unknown as { dialect: PgDialect }).dialect
    .sqlToQuery(query)
    .sql.includes('json_to_recordset');

/**
 * Holds every write of solution rows until `release()`, or fails them with `fail`; other
 * statements run as usual.
 */
function holdSolutionWrites(fail?: Error): { release: () => void; held: () => number } {
  const db = t.database.db;
  const execute = db.execute.bind(db);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  vi.spyOn(db, 'execute').mockImplementation(((query: SQL) => {
    if (!writesSolutions(query)) return execute(query);
    held += 1;
    if (fail) return Promise.reject(fail);
    return gate.then(() => execute(query));
  }) as typeof db.execute);
  return { release, held: () => held };
}

const storedCount = async (searchId: string) =>
  (await t.database.db.select().from(solutions).where(eq(solutions.searchId, searchId))).length;

describe('a search lists its solutions before their rows are written', () => {
  it('answers the polls at once, then writes the rows and the progress the polls showed', async () => {
    const writes = holdSolutionWrites();
    const token = await login(t.app);
    const searchId = await startSearch(t.app, token, oneWay('PEK', 'SHA'));
    const listed = await awaitFinished(t.app, token, searchId);
    expect(listed.solutions.length).toBeGreaterThan(0);
    // Every supplier has answered the polls; none of their rows is in the database yet.
    expect(await storedCount(searchId)).toBe(0);
    writes.release();
    await searchWritten(t.database.db, searchId);
    expect(writes.held()).toBeGreaterThan(0);
    expect(await storedCount(searchId)).toBeGreaterThanOrEqual(listed.solutions.length);
    expect(await listSupplierProgress(t.database.db, searchId)).toEqual(listed.suppliers);
  });

  it('makes a price check of a listed solution wait for its row', async () => {
    const writes = holdSolutionWrites();
    const token = await login(t.app);
    const searchId = await startSearch(t.app, token, oneWay('PEK', 'SHA'));
    const [solution] = (await awaitFinished(t.app, token, searchId)).solutions;
    if (!solution) throw new Error('no solution');
    const checked = t.app.inject({
      method: 'POST',
      url: `/shopping/v2/flight/solutions/${solution.id}/verification`,
      headers: bearer(token),
    });
    writes.release();
    const res = await checked;
    expect(res.statusCode, res.body).toBe(200);
    expect(VerificationResult.parse(body(res).data).previousTotal).toEqual(solution.priceDetail.total);
    // The other suppliers' rows are written before the next test holds writes of its own.
    await searchWritten(t.database.db, searchId);
  });

  it('marks a supplier whose rows could not be written as failed, for the other instances', async () => {
    const writes = holdSolutionWrites(new Error('connection lost'));
    const token = await login(t.app);
    const searchId = await startSearch(t.app, token, oneWay('PEK', 'SHA'));
    await awaitFinished(t.app, token, searchId);
    await searchWritten(t.database.db, searchId);
    expect(writes.held()).toBeGreaterThan(0);
    const stored = await listSupplierProgress(t.database.db, searchId);
    expect(stored.filter((s) => s.status === 'pending')).toEqual([]);
    // Each supplier that had rows to write is settled as failed, with nothing stored.
    expect(stored.filter((s) => s.status === 'error' && s.count === 0)).toHaveLength(writes.held());
    expect(await storedCount(searchId)).toBe(0);
  });
});

describe('findSolution', () => {
  it('waits for this process to finish writing the row instead of missing it', async () => {
    const token = await login(t.app);
    const searchId = await startSearch(t.app, token, oneWay('SHA', 'CAN'));
    await awaitFinished(t.app, token, searchId);
    await searchWritten(t.database.db, searchId);
    const [row] = await t.database.db.select().from(solutions).where(eq(solutions.searchId, searchId));
    if (!row) throw new Error('no stored solution');
    const { createdAt: _createdAt, ...columns } = row;
    const copy: StoredSolution = { ...columns, id: `${row.id}-copy`, listed: false };
    let start: () => void = () => undefined;
    const turn = new Promise<void>((resolve) => {
      start = resolve;
    });
    const written = insertSolutions(t.database.db, [copy], undefined, (write) => turn.then(write));
    const reads = vi.spyOn(t.database.db, 'select');
    const found = findSolution(t.database.db, row.agencyId, copy.id);
    // The write starts only after the find was asked: a find that did not wait would read first.
    setImmediate(start);
    expect((await found)?.id).toBe(copy.id);
    expect(reads).toHaveBeenCalledTimes(1);
    await written;
  });

  it('answers undefined for a solution no one is writing', async () => {
    expect(await findSolution(t.database.db, 1, 'no-such-solution')).toBeUndefined();
  });
});
