import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { enqueueJob, runDueJobs } from './jobs';
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
});
