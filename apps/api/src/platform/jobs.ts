import { and, sql } from 'drizzle-orm';
import type { Db } from './db';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import {
  everyHeartbeat,
  JobLease,
  leaseEnd,
  leaseNow,
  type Heartbeat,
  type JobLog,
  type LeaseClock,
} from './jobs-lease';
import { jobs, type JobRow } from './jobs.schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the jobs due at `now` (default: the app's clock). */
    runDueJobs(now?: Date): Promise<number>;
  }
}

/**
 * A job's work. It opens its own transactions on `db` (never one around a supplier call) and
 * writes its results in them: each is refused once another runner has taken the job over
 * (`JobLease.fence`).
 */
export type JobHandler = (db: Db, job: JobRow, now: Date) => Promise<void>;
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
 * Claims the jobs due at `now` whose lease is free or has run out on the lease clock
 * (`FOR UPDATE SKIP LOCKED`, so several runners never take the same job, nor one whose holder is
 * committing): a lease of JOB_LEASE_MS and the next attempt number, in one short transaction that
 * uses only its own handle (PGlite runs one transaction at a time). Also says which jobs were
 * taken over from a runner that stopped renewing its lease.
 */
async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  clock: LeaseClock,
): Promise<{ claimed: JobRow[]; takenOver: Set<number> }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id, lockedUntil: jobs.lockedUntil })
      .from(jobs)
      .where(
        and(
          sql`${jobs.doneAt} is null`,
          sql`${jobs.runAt} <= ${now.toISOString()}::timestamptz`,
          sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${leaseNow(clock)})`,
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { claimed: [], takenOver: new Set<number>() };
    const ids = due.map((d) => d.id);
    const claimed = await tx
      .update(jobs)
      .set({ lockedUntil: leaseEnd(clock), attempts: sql`${jobs.attempts} + 1` })
      .where(
        sql`${jobs.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .returning();
    // A lease is cleared when its job ends or fails: one still set was left by a runner that died.
    const takenOver = new Set(due.filter((d) => d.lockedUntil !== null).map((d) => d.id));
    return { claimed: claimed.sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id)), takenOver };
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

/** How `runDueJobs` runs; the defaults are the server's. */
export interface RunJobsOptions {
  /** Jobs claimed per run. */
  limit?: number;
  /** The clock leases are measured on (default: the database's); tests move their own. */
  leaseClock?: LeaseClock;
  /** Renews the lease of a running job (default: every JOB_HEARTBEAT_MS); tests beat by hand. */
  heartbeat?: Heartbeat;
  log?: JobLog;
}

/**
 * Runs the jobs due at `now` (the server's runner calls it on an interval; tests call it with a
 * chosen clock), one after another, then the housekeeping chores that are due (the purge of
 * expired idempotency keys). The leases of the claimed jobs are renewed by a heartbeat until each
 * job ends; a job whose runner died is claimed again once its lease has run out, and the runner
 * that lost it commits nothing more (`JobLease`). A job that throws is retried with a backoff
 * until MAX_JOB_ATTEMPTS. Returns how many jobs were claimed.
 */
export async function runDueJobs(
  db: Db,
  handlers: Readonly<Record<string, JobHandler>>,
  now: Date,
  options: RunJobsOptions = {},
): Promise<number> {
  const { limit = 50, leaseClock, heartbeat = everyHeartbeat, log } = options;
  const { claimed, takenOver } = await claimDue(db, now, limit, leaseClock);
  const runs = claimed.map((job) => ({ job, lease: new JobLease(job, leaseClock) }));
  // Leases of the jobs not ended yet, those waiting their turn included.
  const pending = new Set(runs.map((run) => run.lease));
  const lost = (lease: JobLease) => {
    if (pending.delete(lease)) log?.warn(aboutJob(lease.job), 'job lease lost to another runner');
  };
  const stop = claimed.length
    ? heartbeat(async () => {
        for (const lease of [...pending]) {
          try {
            if (!(await lease.renew(db))) lost(lease);
          } catch (err) {
            log?.warn({ ...aboutJob(lease.job), err }, 'job lease not renewed');
          }
        }
      })
    : () => {};
  try {
    for (const [i, { job, lease }] of runs.entries()) {
      if (takenOver.has(job.id))
        log?.warn(aboutJob(job), 'job taken over: its runner stopped renewing the lease');
      else log?.debug(aboutJob(job), 'job claimed');
      // A job that waited its turn starts only if no one took it meanwhile.
      if (i > 0 && !(await lease.renew(db))) {
        lost(lease);
        continue;
      }
      await runClaimed(db, handlers[job.kind], job, now, lease, () => pending.delete(lease), log);
    }
  } finally {
    stop();
  }
  await runChores(db, now);
  return claimed.length;
}

const aboutJob = (job: Pick<JobRow, 'id' | 'kind' | 'attempts'>) => ({
  jobId: job.id,
  kind: job.kind,
  attempt: job.attempts,
});

/**
 * Runs one claimed job, then marks it done, or failed with its retry time, by a write that finds
 * nothing when another runner has taken the job over meanwhile. `ended` stops its renewals.
 */
async function runClaimed(
  db: Db,
  handler: JobHandler | undefined,
  job: JobRow,
  now: Date,
  lease: JobLease,
  ended: () => void,
  log: JobLog | undefined,
): Promise<void> {
  let failure: { error: unknown } | undefined;
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler(lease.fence(db), job, now);
  } catch (error) {
    failure = { error };
  } finally {
    ended();
  }
  const written = await db
    .update(jobs)
    .set(failure ? failed(job, now, failure.error) : { doneAt: now, lockedUntil: null })
    .where(lease.held())
    .returning({ id: jobs.id });
  if (written.length === 0) {
    log?.warn(aboutJob(job), 'job lease lost: this run left the job to the runner that took it over');
  }
}

/** A failed run: its error, and the next attempt after a backoff, or none after MAX_JOB_ATTEMPTS. */
function failed(job: JobRow, now: Date, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return {
    lastError: message.slice(0, 1000),
    lockedUntil: null,
    runAt: new Date(now.getTime() + 2 ** job.attempts * 30_000),
    ...(job.attempts >= MAX_JOB_ATTEMPTS ? { doneAt: now } : {}),
  };
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
