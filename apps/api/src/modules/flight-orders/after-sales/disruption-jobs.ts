import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { type JobHandler } from '../../../platform/jobs';
import { jobs } from '../../../platform/jobs.schema';
import { SUPPLIER_CALL_MS, type FlightOrderDeps } from '../flight-orders.context';
import { flightOrders } from '../flight-orders.schema';
import type { ScheduleEvent } from '../../shopping/index';
import { recordScheduleEvent, TICKETED_STATUSES } from './disruptions';

export const DISRUPTION_SCAN_JOB = 'disruption-scan';
/** How often the suppliers are asked for schedule events (divided by TIME_SCALE). */
export const DISRUPTION_SCAN_EVERY_MS = 15 * 60_000;
/** Orders asked about per scan, the soonest departures first. */
export const DISRUPTION_SCAN_BATCH = 500;
/** Bookings asked about at the same time during a scan. */
export const DISRUPTION_SCAN_CONCURRENCY = 8;

/**
 * Queues the next scan at `runAt` unless another one is already waiting (`exceptJobId`: the scan
 * now running, not yet marked done). Two instances starting together may both queue one; the next
 * scan of either chain then sees the other and stops its own, so the chains become one.
 */
export async function queueDisruptionScan(db: Db, runAt: Date, exceptJobId?: number): Promise<void> {
  const others = exceptJobId === undefined ? sql`true` : sql`${jobs.id} <> ${exceptJobId}`;
  await db.execute(sql`
    insert into ${jobs} (kind, payload, run_at)
    select ${DISRUPTION_SCAN_JOB}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz
    where not exists (
      select 1 from ${jobs}
      where ${jobs.kind} = ${DISRUPTION_SCAN_JOB} and ${jobs.doneAt} is null and ${others}
    )`);
}

/**
 * Brings the next scan forward to `at` (a supplier told the portal of a schedule change, e.g. by
 * webhook): the waiting scan runs then, or one is queued when none waits.
 */
export async function scanSoon(db: Db, at: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: at })
    .where(
      and(
        eq(jobs.kind, DISRUPTION_SCAN_JOB),
        sql`${jobs.doneAt} is null`,
        sql`${jobs.runAt} > ${at.toISOString()}::timestamptz`,
      ),
    );
  await queueDisruptionScan(db, at);
}

/**
 * One scan: the ticketed orders departing in the future, each supplier asked for the schedule
 * events of each booking with no transaction open, and each event recorded in its own short
 * transaction (`recordScheduleEvent`: a repeated notice is stored once). A supplier that fails or
 * times out is skipped until the next scan. Returns how many new events were stored.
 */
export async function scanForDisruptions(deps: FlightOrderDeps, db: Db, now: Date): Promise<number> {
  const orders = await db
    .select({
      id: flightOrders.id,
      supplier: flightOrders.supplier,
      pnr: flightOrders.pnr,
      offer: flightOrders.offer,
    })
    .from(flightOrders)
    .where(and(inArray(flightOrders.status, [...TICKETED_STATUSES]), gt(flightOrders.departureAt, now)))
    .orderBy(asc(flightOrders.departureAt), asc(flightOrders.id))
    .limit(DISRUPTION_SCAN_BATCH);
  let stored = 0;
  let next = 0;
  // A few bookings asked at once, so a scan of many orders does not hold the job runner long.
  const worker = async () => {
    for (let order = orders[next++]; order; order = orders[next++]) {
      const supplier = deps.registry.get(order.supplier);
      const { pnr, offer } = order;
      if (!supplier?.scheduleEvents || !pnr) continue;
      const ask = supplier.scheduleEvents.bind(supplier);
      const events: ScheduleEvent[] =
        (await deps.runner
          .bounded(SUPPLIER_CALL_MS, (signal) => ask(offer, pnr, signal))
          .catch(() => undefined)) ?? [];
      for (const event of events) {
        if (await recordScheduleEvent(db, order.id, supplier.name, event, now)) stored += 1;
      }
    }
  };
  // Every worker ends before the scan does (no write runs on after a failure is reported).
  const ends = await Promise.allSettled(Array.from({ length: DISRUPTION_SCAN_CONCURRENCY }, worker));
  const failed = ends.find((end) => end.status === 'rejected');
  if (failed) throw failed.reason;
  return stored;
}

/** The periodic scan: runs, then queues the next one (also when this one failed). */
function scanHandler(deps: FlightOrderDeps): JobHandler {
  return async (db, job, now) => {
    try {
      await scanForDisruptions(deps, db, now);
    } finally {
      const every = DISRUPTION_SCAN_EVERY_MS / Math.max(1, deps.timeScale);
      await queueDisruptionScan(db, new Date(now.getTime() + every), job.id);
    }
  };
}

export function disruptionJobHandlers(deps: FlightOrderDeps): Record<string, JobHandler> {
  return { [DISRUPTION_SCAN_JOB]: scanHandler(deps) };
}

/** Whether a scan is waiting (tests). */
export async function pendingScans(db: Db): Promise<number> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, DISRUPTION_SCAN_JOB), sql`${jobs.doneAt} is null`));
  return rows.length;
}
