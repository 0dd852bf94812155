import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Solution, SolutionsDelta, type SolutionsResult } from '@portal/domain/shopping';
import { mergeSolutionsDelta } from '@portal/domain/solutions-delta';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { solutions } from './shopping.schema';
import { envelope } from '../../platform/schema';
import { bearer, body, login, testConfig, useTestApp } from '../../test/app';
import { createSimulatedRegistry } from '../../simulation/flight/registry';
import { createRegistry } from './suppliers/registry';
import type { FlightSupplier, Offer } from './suppliers/supplier';
import { insertSearch, listSupplierProgress, supplierOrder } from './shopping.repo';
import { searchWritten } from './pending-solutions';
import { fetchSolutions, oneWay, startSearch } from './shopping.test-helpers';

const t = useTestApp();

/** A supplier that answers only once the test opens its gate (and at once after that). */
interface Gated {
  supplier: FlightSupplier;
  open: () => void;
}

async function collect(result: AsyncIterable<Offer> | Promise<Offer[]>): Promise<Offer[]> {
  if (!(Symbol.asyncIterator in result)) return result;
  const offers: Offer[] = [];
  for await (const offer of result) offers.push(offer);
  return offers;
}

function gated(inner: FlightSupplier): Gated {
  const gate: { open: () => void } = { open: () => undefined };
  const opened = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  const supplier: FlightSupplier = {
    name: inner.name,
    contentType: inner.contentType,
    search: async (query, signal) => {
      await opened;
      return collect(inner.search(query, signal));
    },
    verify: (offer, signal) => inner.verify(offer, signal),
    book: (offer, passengers, signal) => inner.book(offer, passengers, signal),
    ticket: (offer, pnr, passengers, signal) => inner.ticket(offer, pnr, passengers, signal),
    cancel: (pnr, signal) => inner.cancel(pnr, signal),
  };
  return { supplier, open: () => gate.open() };
}

const encodeDelta = serializerCompiler({
  schema: envelope(SolutionsDelta),
  method: 'POST',
  url: '/shopping/v2/flight/async-shopping/solutions',
  httpStatus: '200',
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app whose three simulated suppliers answer only when the test says so. */
async function gatedApp(): Promise<{ app: FastifyInstance; gates: Map<string, Gated> }> {
  const sims = createSimulatedRegistry({ latencyScale: 0, seed: 'cursor' });
  for (const s of sims.list()) sims.setFaults(s.name, { latencyMs: 0 });
  const gates = new Map(sims.list().map((s) => [s.name, gated(s)]));
  const app = await buildApp({
    config: testConfig(),
    database: t.database,
    suppliers: createRegistry([...gates.values()].map((g) => g.supplier)),
  });
  apps.push(app);
  return { app, gates };
}

async function poll(
  app: FastifyInstance,
  token: string,
  payload: { searchId: string; cursor?: string; waitMs?: number },
): Promise<SolutionsDelta> {
  const res = await app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/async-shopping/solutions',
    headers: bearer(token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  // The route projects its answer without the zod encoder: it must write what the encoder writes.
  expect(encodeDelta(JSON.parse(res.body))).toBe(res.body);
  return SolutionsDelta.parse(body(res).data);
}

const ids = (solutions: readonly Solution[]) => solutions.map((s) => s.id);
const byId = (result: SolutionsResult) =>
  new Map(result.solutions.map((s) => [s.id, JSON.stringify(s.families)]));

function open(gates: Map<string, Gated>, name: string): void {
  const gate = gates.get(name);
  if (!gate) throw new Error(`no supplier ${name}`);
  gate.open();
}

describe('solutions polling with a cursor', () => {
  it('answers only what changed, loses nothing, repeats nothing, and ends in the full finished list', async () => {
    const { app, gates } = await gatedApp();
    const token = await login(app);
    const searchId = await startSearch(app, token, oneWay('PEK', 'SHA'));

    const first = await poll(app, token, { searchId });
    expect(first).toMatchObject({ reset: true, finished: false, solutions: [], removed: [] });
    expect(first.cursor).toBe('000');
    let held = mergeSolutionsDelta(null, first);
    let cursor = first.cursor;
    const seen: string[] = [];
    let removed = 0;
    let relinked = 0;

    for (const name of ['sim-lcc', 'sim-gds', 'sim-ndc']) {
      open(gates, name);
      // Long polling: held until this supplier has settled, far sooner than the 10 s asked for.
      const delta = await poll(app, token, { searchId, cursor, waitMs: 10_000 });
      expect(delta.reset).toBe(false);
      expect(delta.cursor).not.toBe(cursor);
      expect(delta.suppliers.find((s) => s.name === name)?.status).toBe('done');
      // No duplicates within an answer, no solution sent twice: what the client holds comes back
      // only as its new families, and only when they changed.
      expect(new Set(ids(delta.solutions)).size).toBe(delta.solutions.length);
      const before = byId(held);
      for (const s of delta.solutions) expect(before.has(s.id)).toBe(false);
      for (const f of delta.families) expect(JSON.stringify(f.families)).not.toBe(before.get(f.id));
      relinked += delta.families.length;
      for (const id of delta.removed) expect(before.has(id)).toBe(true);
      seen.push(...delta.solutions.filter((s) => !before.has(s.id)).map((s) => s.id));
      removed += delta.removed.length;
      held = mergeSolutionsDelta(held, delta);
      cursor = delta.cursor;
      // Asked again with the new cursor: nothing new.
      const again = await poll(app, token, { searchId, cursor });
      expect(again).toMatchObject({ reset: false, solutions: [], removed: [], families: [], cursor });
    }

    expect(held.finished).toBe(true);
    expect(cursor).toBe('111');
    // sim-ndc sells some of sim-gds's itineraries cheaper: the dearer copies were removed.
    expect(removed).toBeGreaterThan(0);
    // ... and offers other fare families of sim-gds's flights, which those solutions now link to.
    expect(relinked).toBeGreaterThan(0);
    const full = await fetchSolutions(app, token, searchId);
    expect(full.solutions.length).toBeGreaterThan(5);
    // Nothing lost, nothing extra, families as the full answer has them; each id arrived new once.
    expect(byId(held)).toEqual(byId(full));
    expect(new Set(seen).size).toBe(seen.length);
    expect(held.suppliers).toEqual(full.suppliers);
    // A finished search holds no poll: the same cursor is answered at once, empty.
    const done = await poll(app, token, { searchId, cursor, waitMs: 10_000 });
    expect(done).toMatchObject({ finished: true, reset: false, solutions: [], removed: [], families: [] });
  });

  it('lists a supplier only once it has settled, and a waiting poll answers when it does', async () => {
    const { app, gates } = await gatedApp();
    const token = await login(app);
    const searchId = await startSearch(app, token, oneWay('SHA', 'CAN'));
    const { cursor } = await poll(app, token, { searchId });
    let answered = false;
    const waiting = poll(app, token, { searchId, cursor, waitMs: 10_000 }).then((delta) => {
      answered = true;
      return delta;
    });
    // Other polls come and go meanwhile; the waiting one is still held.
    for (let i = 0; i < 3; i++) {
      expect(await poll(app, token, { searchId, cursor })).toMatchObject({ solutions: [], cursor });
    }
    expect(answered).toBe(false);
    open(gates, 'sim-gds');
    const delta = await waiting;
    expect(delta.solutions.length).toBeGreaterThan(0);
    expect(delta.suppliers.map((s) => s.status)).toEqual(['done', 'pending', 'pending']);
    open(gates, 'sim-lcc');
    open(gates, 'sim-ndc');
  });

  it('answers the whole list, marked reset, for a cursor it cannot read', async () => {
    const { app, gates } = await gatedApp();
    const token = await login(app);
    const searchId = await startSearch(app, token, oneWay('PEK', 'CAN'));
    open(gates, 'sim-gds');
    const settled = await poll(app, token, { searchId, cursor: '000', waitMs: 10_000 });
    expect(settled.solutions.length).toBeGreaterThan(0);
    // Wrong length, or a supplier settled that is still pending: not a cursor of this search.
    for (const cursor of ['00', '0000', '111']) {
      const res = await poll(app, token, { searchId, cursor, waitMs: 10_000 });
      expect(res.reset).toBe(true);
      expect(ids(res.solutions)).toEqual(ids(settled.solutions));
    }
    for (const cursor of ['', 'abc', '0'.repeat(65)]) {
      const res = await app.inject({
        method: 'POST',
        url: '/shopping/v2/flight/async-shopping/solutions',
        headers: bearer(token),
        payload: { searchId, cursor },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(100001);
    }
    const tooLong = await app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping/solutions',
      headers: bearer(token),
      payload: { searchId, waitMs: 10_001 },
    });
    expect(tooLong.statusCode).toBe(400);
    open(gates, 'sim-lcc');
    open(gates, 'sim-ndc');
  });

  it('assembles the lists of its own search from the rows it stored; another instance reads the database', async () => {
    const { app, gates } = await gatedApp();
    const other = await buildApp({
      config: testConfig(),
      database: t.database,
      suppliers: createSimulatedRegistry({ latencyScale: 0, seed: 'cursor' }),
    });
    apps.push(other);
    const token = await login(app);
    const otherToken = await login(other);
    const searchId = await startSearch(app, token, oneWay('SHA', 'CAN'));
    const { cursor } = await poll(app, token, { searchId });
    open(gates, 'sim-gds');
    const running = await poll(app, token, { searchId, cursor, waitMs: 10_000 });
    // The instance that does not run the search answers the same delta from the database, once
    // the running instance has written what it listed.
    await searchWritten(t.database.db, searchId);
    const elsewhere = await poll(other, otherToken, { searchId, cursor });
    expect(elsewhere.cursor).toBe(running.cursor);
    expect(ids(elsewhere.solutions)).toEqual(ids(running.solutions));
    // A poll held by the other instance answers once it sees the next supplier in the database.
    const heldElsewhere = poll(other, otherToken, { searchId, cursor: running.cursor, waitMs: 10_000 });
    open(gates, 'sim-lcc');
    const later = await heldElsewhere;
    expect(later.suppliers.find((s) => s.name === 'sim-lcc')?.status).toBe('done');
    open(gates, 'sim-ndc');
    let last = running;
    while (!last.finished) last = await poll(app, token, { searchId, cursor: last.cursor, waitMs: 10_000 });
    const whole = await fetchSolutions(app, token, searchId);
    expect(whole.solutions.length).toBeGreaterThan(5);
    await searchWritten(t.database.db, searchId);
    expect(await fetchSolutions(other, otherToken, searchId)).toEqual(whole);

    // A second search, its rows deleted behind both instances' backs once all its suppliers have
    // settled and before any list of it was assembled: the instance that ran it lists the rows it
    // stored, the other instance what the database holds (nothing).
    const { app: second, gates: secondGates } = await gatedApp();
    const secondToken = await login(second);
    const secondId = await startSearch(second, secondToken, oneWay('PEK', 'SHA'));
    for (const name of secondGates.keys()) open(secondGates, name);
    while ((await listSupplierProgress(t.database.db, secondId)).some((s) => s.status === 'pending')) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const stored = await t.database.db.select().from(solutions).where(eq(solutions.searchId, secondId));
    // Each supplier was marked settled by the statement that stored its rows, with their number.
    const counts = (await listSupplierProgress(t.database.db, secondId)).map((s) => s.count);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(stored.length);
    await t.database.db.delete(solutions).where(eq(solutions.searchId, secondId));
    const mine = await fetchSolutions(second, secondToken, secondId);
    expect(mine.finished).toBe(true);
    expect(mine.solutions.length).toBeGreaterThan(0);
    const storedIds = new Set(stored.map((r) => r.id));
    for (const s of mine.solutions) expect(storedIds.has(s.id)).toBe(true);
    expect((await fetchSolutions(other, otherToken, secondId)).solutions).toEqual([]);
  });

  it('answers the polls of a search it runs from memory, to its own agency only', async () => {
    const { app, gates } = await gatedApp();
    const token = await login(app);
    const searchId = await startSearch(app, token, oneWay('SHA', 'CAN'));
    const reads = vi.spyOn(t.database.db, 'select');
    try {
      const first = await poll(app, token, { searchId });
      open(gates, 'sim-gds');
      const next = await poll(app, token, { searchId, cursor: first.cursor, waitMs: 10_000 });
      expect(next.solutions.length).toBeGreaterThan(0);
      // The poll answered from memory; the database has the same progress once the rows are written.
      await searchWritten(t.database.db, searchId);
      expect(next.suppliers).toEqual(await listSupplierProgress(t.database.db, searchId));
      reads.mockClear();
      expect(await poll(app, token, { searchId, cursor: next.cursor })).toMatchObject({ solutions: [] });
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    const partner = await app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping/solutions',
      headers: bearer(await login(app, 'partner')),
      payload: { searchId },
    });
    expect(partner.statusCode).toBe(404);
    expect(body(partner).code).toBe(400002);
    open(gates, 'sim-lcc');
    open(gates, 'sim-ndc');
  });

  it('lists the suppliers of a search in the same order from the database and from memory', async () => {
    const names = ['sim-gds', 'sima', 'Sim-B', 'sim_x', 'sim-lcc', 'a'];
    const id = `order-${Date.now()}`;
    const now = new Date();
    await insertSearch(
      t.database.db,
      { id, agencyId: 1, userId: 1, request: {}, currency: 'CNY', createdAt: now, expiresAt: now },
      names,
    );
    const listed = await listSupplierProgress(t.database.db, id);
    expect(listed.map((s) => s.name)).toEqual(supplierOrder(names));
    expect(listed.every((s) => s.status === 'pending' && s.count === 0 && s.elapsedMs === 0)).toBe(true);
  });
});
