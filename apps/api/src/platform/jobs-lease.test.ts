import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, usePostgres } from '../test/app';
import type { Database, Db } from './db';
import { enqueueJob, runDueJobs, type JobHandler } from './jobs';
import { everyHeartbeat, JOB_HEARTBEAT_MS, JOB_LEASE_MS, JobLeaseLost } from './jobs-lease';
import { jobs } from './jobs.schema';

/**
 * Leases of running jobs, on an injected lease clock and a heartbeat the test beats by hand: no
 * test waits for real time to pass.
 */

let database: Database;
let dispose: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  dispose = created.dispose;
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table jobs restart identity`);
});
afterAll(async () => {
  await dispose?.();
});

const NOW = new Date('2030-01-01T00:00:00Z');
/** Where effects of the test handlers are written: a job row of this kind, far in the future. */
const EFFECT = 'lease-test-effect';
const FAR = new Date('2100-01-01T00:00:00Z');

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * A lease clock the test moves, and one runner's heartbeat: `beat()` renews its running job's
 * lease as the runner's timer would.
 */
function runner(clock: { at: number }) {
  const beats: (() => Promise<void>)[] = [];
  return {
    options: {
      leaseClock: () => new Date(clock.at),
      heartbeat: (beat: () => Promise<void>) => {
        beats.push(beat);
        return () => {};
      },
    },
    beat: async () => {
      for (const beat of beats) await beat();
    },
  };
}

/**
 * One `work` job; its first run waits at a gate (as a supplier call would) before it writes its
 * effect in a transaction; later runs write theirs at once.
 */
function gatedWork(result: 'ok' | 'fail-later-runs' = 'ok') {
  const started = deferred();
  const gate = deferred();
  const errors: unknown[] = [];
  let runs = 0;
  const work: JobHandler = async (db: Db) => {
    const run = ++runs;
    if (run === 1) {
      started.resolve();
      await gate.promise;
    } else if (result === 'fail-later-runs') {
      throw new Error(`run ${run} failed`);
    }
    try {
      await db.transaction((tx) => enqueueJob(tx, EFFECT, { run }, FAR));
    } catch (error) {
      errors.push(error);
      throw error;
    }
  };
  return { handlers: { work }, started: started.promise, release: gate.resolve, errors };
}

async function effects(): Promise<unknown[]> {
  const rows = await database.db.select().from(jobs).where(eq(jobs.kind, EFFECT)).orderBy(jobs.id);
  return rows.map((r) => r.payload.run);
}

async function workJob() {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'work'));
  return row;
}

describe('job leases', () => {
  it.each([
    ['its heartbeat notices first', true],
    ['only its transaction finds out', false],
  ])(
    'lets another runner take over a job whose lease expired, and fences the first runner off (%s)',
    async (_, beatFirst) => {
      const db = database.db;
      await enqueueJob(db, 'work', {}, NOW);
      const work = gatedWork();
      const clock = { at: NOW.getTime() };
      const a = runner(clock);
      const b = runner(clock);
      const first = runDueJobs(db, work.handlers, NOW, a.options);
      await work.started;

      // Runner A stops renewing (its process died, or stalls): B waits out the lease, then takes over.
      clock.at = NOW.getTime() + JOB_LEASE_MS - 1;
      expect(await runDueJobs(db, work.handlers, NOW, b.options)).toBe(0);
      clock.at = NOW.getTime() + JOB_LEASE_MS + 1;
      expect(await runDueJobs(db, work.handlers, NOW, b.options)).toBe(1);
      expect(await effects()).toEqual([2]);

      // A wakes up: its transaction is refused (without asking when its heartbeat found the lease
      // gone), and the job stays B's.
      if (beatFirst) await a.beat();
      work.release();
      expect(await first).toBe(1);
      expect(work.errors).toHaveLength(1);
      expect(work.errors[0]).toBeInstanceOf(JobLeaseLost);
      expect(await effects()).toEqual([2]);
      expect(await workJob()).toMatchObject({ attempts: 2, lastError: null, lockedUntil: null });
      expect((await workJob())?.doneAt).not.toBeNull();
    },
  );

  it('never hands a running job that renews its lease to another runner', async () => {
    const db = database.db;
    await enqueueJob(db, 'work', {}, NOW);
    const work = gatedWork();
    const clock = { at: NOW.getTime() };
    const a = runner(clock);
    const b = runner(clock);
    const first = runDueJobs(db, work.handlers, NOW, a.options);
    await work.started;

    // A's heartbeat renews the lease before it runs out, each time: B finds nothing to claim.
    let beatAt = NOW.getTime();
    for (let step = 1; step <= 4; step++) {
      beatAt += JOB_LEASE_MS - 5_000;
      clock.at = beatAt;
      await a.beat();
      clock.at = beatAt + JOB_LEASE_MS - 1_000;
      expect(await runDueJobs(db, work.handlers, NOW, b.options), `step ${step}`).toBe(0);
    }
    work.release();
    expect(await first).toBe(1);
    expect(work.errors).toEqual([]);
    expect(await effects()).toEqual([1]);
    expect(await workJob()).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null });
    expect((await workJob())?.doneAt).not.toBeNull();
  });

  it('lets a runner that lost its lease neither complete the job nor record its failure', async () => {
    const db = database.db;
    await enqueueJob(db, 'work', {}, NOW);
    const clock = { at: NOW.getTime() };
    const a = runner(clock);
    const b = runner(clock);
    const started = deferred();
    const gate = deferred();
    let runs = 0;
    const handlers: Record<string, JobHandler> = {
      // A's run ends well but late (after B took the job); B's run fails.
      work: async () => {
        if (++runs === 1) {
          started.resolve();
          await gate.promise;
          return;
        }
        throw new Error('supplier down');
      },
    };
    const first = runDueJobs(db, handlers, NOW, a.options);
    await started.promise;
    clock.at = NOW.getTime() + JOB_LEASE_MS + 1;
    expect(await runDueJobs(db, handlers, NOW, b.options)).toBe(1);
    const afterB = await workJob();
    expect(afterB).toMatchObject({ attempts: 2, lastError: 'supplier down', doneAt: null });

    gate.resolve();
    await first;
    // B's failure and its retry time stand: A's late success changed nothing.
    expect(await workJob()).toEqual(afterB);
  });

  it.runIf(usePostgres)('never takes over a job while its holder commits, even past the lease', async () => {
    const db = database.db;
    await enqueueJob(db, 'work', {}, NOW);
    const clock = { at: NOW.getTime() };
    const a = runner(clock);
    const b = runner(clock);
    const inTransaction = deferred();
    const gate = deferred();
    const handlers: Record<string, JobHandler> = {
      work: async (handlerDb) => {
        await handlerDb.transaction(async (tx) => {
          inTransaction.resolve();
          await gate.promise;
          await enqueueJob(tx, EFFECT, { run: 1 }, FAR);
        });
      },
    };
    const first = runDueJobs(db, handlers, NOW, a.options);
    await inTransaction.promise;
    // The holder's transaction renewed the lease and keeps the job's row locked until it ends.
    clock.at = NOW.getTime() + 2 * JOB_LEASE_MS;
    expect(await runDueJobs(db, handlers, NOW, b.options)).toBe(0);
    gate.resolve();
    expect(await first).toBe(1);
    expect(await runDueJobs(db, handlers, NOW, b.options)).toBe(0);
    expect(await effects()).toEqual([1]);
    expect(await workJob()).toMatchObject({ attempts: 1, lockedUntil: null });
  });

  it('leases a job on the database clock for JOB_LEASE_MS while it runs, whatever business time the runner is given', async () => {
    const db = database.db;
    const businessNow = new Date('2099-06-01T00:00:00Z');
    await enqueueJob(db, 'work', {}, businessNow);
    const seen: number[] = [];
    const handlers: Record<string, JobHandler> = {
      work: async (handlerDb) => {
        const [row] = await handlerDb.select().from(jobs).where(eq(jobs.kind, 'work'));
        seen.push((row?.lockedUntil?.getTime() ?? 0) - Date.now());
      },
    };
    expect(await runDueJobs(db, handlers, businessNow)).toBe(1);
    expect(seen).toHaveLength(1);
    // Real seconds from now (allowing for a slow machine), not the runner's year 2099.
    expect(seen[0]).toBeGreaterThan(JOB_LEASE_MS - 15_000);
    expect(seen[0]).toBeLessThanOrEqual(JOB_LEASE_MS + 1_000);
  });

  it('beats every JOB_HEARTBEAT_MS, never twice at once, until stopped', async () => {
    vi.useFakeTimers();
    try {
      let beats = 0;
      let answer = deferred();
      const stop = everyHeartbeat(async () => {
        beats++;
        await answer.promise;
      });
      await vi.advanceTimersByTimeAsync(JOB_HEARTBEAT_MS - 1);
      expect(beats).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(beats).toBe(1);
      // The first renewal has not answered: the next tick skips.
      await vi.advanceTimersByTimeAsync(JOB_HEARTBEAT_MS);
      expect(beats).toBe(1);
      answer.resolve();
      answer = deferred();
      await vi.advanceTimersByTimeAsync(JOB_HEARTBEAT_MS);
      expect(beats).toBe(2);
      answer.resolve();
      stop();
      await vi.advanceTimersByTimeAsync(10 * JOB_HEARTBEAT_MS);
      expect(beats).toBe(2);
      expect(JOB_LEASE_MS / JOB_HEARTBEAT_MS).toBeGreaterThanOrEqual(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
