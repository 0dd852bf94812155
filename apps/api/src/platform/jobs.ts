import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import { jobs, type JobRow } from './jobs.schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the jobs due at `now` (default: the app's clock). */
    runDueJobs(now?: Date): Promise<number>;
  }
}

/** A job's work. It opens its own transactions on `db` (never one around a supplier call). */
export type JobHandler = (db: Db, job: JobRow, now: Date) => Promise<void>;

/** How long a claimed job stays invisible to other runners. */
export const JOB_LEASE_MS = 5 * 60_000;
/** Attempts before a failing job is given up (kept with its last error). */
export const MAX_JOB_ATTEMPTS = 5;

/** Queues a job in the caller's transaction. */
export async function enqueueJob(
  tx: Db,
  kind: string,
  payload: Record<string, unknown>,
  runAt: Date,
): Promise<void> {
  await tx.insert(jobs).values({ kind, payload, runAt });
}

/**
 * Claims due jobs (`FOR UPDATE SKIP LOCKED`, so several runners never take the same job) by
 * setting a lease, in one short transaction that uses only its own handle (PGlite runs one
 * transaction at a time).
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          sql`${jobs.doneAt} is null`,
          sql`${jobs.runAt} <= ${now.toISOString()}::timestamptz`,
          sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${now.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    return tx
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + JOB_LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
      .where(
        sql`${jobs.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .returning();
  });
}

/** Housekeeping the runner does besides stored jobs, at most once per `everyMs` on each database. */
interface Chore {
  name: string;
  everyMs: number;
  run(db: Db): Promise<unknown>;
}

/** How often the stored answers of `Idempotency-Key`s past their replay window are deleted. */
export const IDEMPOTENCY_PURGE_EVERY_MS = 10 * 60_000;

const CHORES: readonly Chore[] = [
  { name: 'idempotency-purge', everyMs: IDEMPOTENCY_PURGE_EVERY_MS, run: purgeExpiredIdempotencyKeys },
];

/** When each chore last ran on a database (per process: several instances each run them, harmlessly). */
const choresRunAt = new WeakMap<Db, Map<string, number>>();

/** Runs the chores due at `now`; a clock that went back counts as due. */
async function runChores(db: Db, now: Date): Promise<void> {
  let last = choresRunAt.get(db);
  if (!last) {
    last = new Map();
    choresRunAt.set(db, last);
  }
  for (const chore of CHORES) {
    const at = last.get(chore.name);
    const t = now.getTime();
    if (at !== undefined && t >= at && t - at < chore.everyMs) continue;
    // Marked first: a failing chore is retried on its next period, not on every poll.
    last.set(chore.name, t);
    await chore.run(db);
  }
}

/**
 * Runs the jobs due at `now` (the server's runner calls it on an interval; tests call it with a
 * chosen clock), then the housekeeping chores that are due (the purge of expired idempotency
 * keys). A job that throws is retried with a backoff until MAX_JOB_ATTEMPTS. Returns how many
 * jobs ran.
 */
export async function runDueJobs(
  db: Db,
  handlers: Readonly<Record<string, JobHandler>>,
  now: Date,
  limit = 50,
): Promise<number> {
  const claimed = await claimDue(db, now, limit);
  for (const job of claimed) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(db, job, now);
      await db.update(jobs).set({ doneAt: now, lockedUntil: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= MAX_JOB_ATTEMPTS;
      await db
        .update(jobs)
        .set({
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          runAt: new Date(now.getTime() + 2 ** job.attempts * 30_000),
          ...(giveUp ? { doneAt: now } : {}),
        })
        .where(eq(jobs.id, job.id));
    }
  }
  await runChores(db, now);
  return claimed.length;
}

/** Polls for due jobs every `intervalMs` (never two runs at once); returns a stop function. */
export function startJobRunner(
  run: (now: Date) => Promise<number>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = run(new Date())
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
