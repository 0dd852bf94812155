import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { users } from '../modules/users/users.schema';
import { idempotencyKeys } from './idempotency.schema';
import { enqueueJob, IDEMPOTENCY_PURGE_EVERY_MS, runDueJobs } from './jobs';
import { jobs } from './jobs.schema';

const t = useTestApp();

describe('jobs', () => {
  it('runs due jobs once, leaves future ones, and retries a failing one with a backoff', async () => {
    const db = t.database.db;
    const now = new Date('2030-01-01T00:00:00Z');
    const ran: string[] = [];
    await enqueueJob(db, 'ok', { n: 1 }, now);
    await enqueueJob(db, 'ok', { n: 2 }, new Date(now.getTime() + 60_000));
    await enqueueJob(db, 'bad', {}, now);
    const handlers = {
      ok: async (_db: unknown, job: { payload: Record<string, unknown> }) => {
        ran.push(`ok${String(job.payload.n)}`);
      },
      bad: async () => {
        throw new Error('boom');
      },
    };
    expect(await runDueJobs(db, handlers, now)).toBe(2);
    expect(ran).toEqual(['ok1']);
    expect(await runDueJobs(db, handlers, now)).toBe(0);
    const rows = await db.select().from(jobs).orderBy(jobs.id);
    expect(rows.map((r) => [r.kind, r.doneAt !== null, r.attempts, r.lastError])).toEqual([
      ['ok', true, 1, null],
      ['ok', false, 0, null],
      ['bad', false, 1, 'boom'],
    ]);
    expect(rows[2]?.runAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await runDueJobs(db, handlers, new Date(now.getTime() + 120_000))).toBe(2);
    expect(ran).toEqual(['ok1', 'ok2']);
  });

  it('purges idempotency keys past their replay window from the runner, once per period', async () => {
    const db = t.database.db;
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const key = (name: string, age: string) => ({
      userId: admin?.id ?? 0,
      agencyId: 1,
      key: name,
      methodPath: 'POST /x',
      requestHash: 'h',
      state: 'done' as const,
      createdAt: sql`now() - ${age}::interval`,
    });
    const keys = async () =>
      (await db.select().from(idempotencyKeys).orderBy(idempotencyKeys.key)).map((r) => r.key);
    await db.insert(idempotencyKeys).values([key('expired', '25 hours'), key('recent', '23 hours')]);
    const now = new Date();
    await t.app.runDueJobs(now);
    expect(await keys()).toEqual(['recent']);

    await db.insert(idempotencyKeys).values(key('expired-later', '25 hours'));
    await t.app.runDueJobs(new Date(now.getTime() + 60_000));
    expect(await keys()).toEqual(['expired-later', 'recent']);
    await t.app.runDueJobs(new Date(now.getTime() + IDEMPOTENCY_PURGE_EVERY_MS));
    expect(await keys()).toEqual(['recent']);
  });
});
