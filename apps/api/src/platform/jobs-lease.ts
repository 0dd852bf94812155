import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './db';
import { jobs, type JobRow } from './jobs.schema';

/**
 * How long a claimed job stays invisible to other runners unless its runner renews the lease.
 * Real time, never divided by TIME_SCALE: a lease tells whether a process is still alive and
 * working, and a supplier call or a dead process takes the same seconds in a demo as in
 * production (a lease of 20 s / 3600 would expire during every supplier call).
 */
export const JOB_LEASE_MS = 20_000;
/** How often a runner renews the lease of the job it runs (a few renewals fit in one lease). */
export const JOB_HEARTBEAT_MS = 5_000;

/** The clock leases are measured on; undefined: the database's `clock_timestamp()`. */
export type LeaseClock = (() => Date) | undefined;

/**
 * Renews a running job's lease: calls `beat` periodically until the returned function is called.
 * The runner's is `everyHeartbeat`; tests pass one they beat by hand.
 */
export type Heartbeat = (beat: () => Promise<void>) => () => void;

/** What the runner tells an operator: a job claimed (debug), taken over or fenced off (warn). */
export interface JobLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The lease clock's now in SQL. By default the database's clock: every instance measures leases
 * on the same clock, whatever their own clocks say.
 */
export function leaseNow(clock: LeaseClock): SQL {
  return clock ? sql`${clock().toISOString()}::timestamptz` : sql`clock_timestamp()`;
}

/** When a lease taken or renewed now ends. */
export function leaseEnd(clock: LeaseClock): SQL {
  return sql`${leaseNow(clock)} + interval '${sql.raw(String(JOB_LEASE_MS))} milliseconds'`;
}

/** Beats every JOB_HEARTBEAT_MS (never two beats at once; the timer does not keep the process up). */
export const everyHeartbeat: Heartbeat = (beat) => {
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    void beat().finally(() => {
      beating = false;
    });
  }, JOB_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
};

/** A job's work was not committed: another runner took the job over after this one's lease ran out. */
export class JobLeaseLost extends Error {
  override readonly name = 'JobLeaseLost';
}

/**
 * One runner's hold on a claimed job. The claim's attempt number is the fencing token: a take-over
 * claims the job again and increments it, so every write of the old holder that names its token
 * finds no row.
 */
export class JobLease {
  private lost = false;

  constructor(
    readonly job: Pick<JobRow, 'id' | 'kind' | 'attempts'>,
    private readonly clock: LeaseClock,
  ) {}

  /** The job's row while this claim holds it: not done, and not claimed again since. */
  held(): SQL {
    return sql`${jobs.id} = ${this.job.id} and ${jobs.attempts} = ${this.job.attempts} and ${jobs.doneAt} is null`;
  }

  /** True once a renewal found the job claimed again (or done) by another runner. */
  get isLost(): boolean {
    return this.lost;
  }

  /** Extends the lease by JOB_LEASE_MS on `on` (a handle or a transaction); false, for good, once lost. */
  async renew(on: Db): Promise<boolean> {
    if (this.lost) return false;
    const rows = await on
      .update(jobs)
      .set({ lockedUntil: leaseEnd(this.clock) })
      .where(this.held())
      .returning({ id: jobs.id });
    if (rows.length === 0) this.lost = true;
    return !this.lost;
  }

  /**
   * `db` as the job's handler gets it: each of its transactions first renews this lease, which
   * keeps the job's row locked until the transaction ends (a take-over's claim skips locked rows),
   * and throws JobLeaseLost when the lease is lost. So a runner fenced off commits nothing, and a
   * take-over never overlaps a commit of the previous holder. Statements outside a transaction are
   * not fenced: handlers write their results in transactions.
   */
  fence(db: Db): Db {
    const transaction: Db['transaction'] = (run, config) =>
      db.transaction(async (tx) => {
        if (!(await this.renew(tx))) {
          throw new JobLeaseLost(`job ${this.job.id} (${this.job.kind}) was taken over by another runner`);
        }
        return run(tx);
      }, config);
    return new Proxy(db, {
      get: (target, key, receiver) =>
        key === 'transaction' ? transaction : Reflect.get(target, key, receiver),
    });
  }
}
