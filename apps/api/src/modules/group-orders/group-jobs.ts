import { and, eq, isNull } from 'drizzle-orm';
import { type GroupFailureReason } from '@portal/domain/group-order';
import { INSTALMENT_STEPS, PASSENGER_LIST_STATUSES } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { enqueueJob, type JobHandler } from '../../platform/jobs';
import { notifyGroupOrderEvent } from '../notifications/index';
import { listGroupPassengers, passengerListState } from './passenger-list/passenger-list.repo';
import { scaledAfter } from './business-days';
import { GROUP_QUOTE_JOB } from './create-group-order';
import { issuedGroupEmailDetails } from './group-email';
import type { DeskQuote, GroupDeskRequest } from './group-desk';
import { GROUP_SEAT_APPLY_JOB } from './group-order-actions';
import type { GroupOrderDeps } from './group-orders.context';
import { listQuotes, lockGroupOrderById, replaceOpenQuotes, transitionGroup } from './group-orders.repo';
import { groupInstalments, groupQuotes, type GroupOrderRow, type GroupQuoteRow } from './group-orders.schema';
import { GROUP_ISSUE_JOB } from './pay-instalment';

export const GROUP_CONFIRM_DEADLINE_JOB = 'group-confirm-deadline';
export const GROUP_SEAT_ANSWER_JOB = 'group-seat-answer';
export const GROUP_INSTALMENT_DEADLINE_JOB = 'group-instalment-deadline';
export const GROUP_PASSENGER_DEADLINE_JOB = 'group-passenger-deadline';
/** The desk answers a seat application after this long (divided by TIME_SCALE). */
export const SEAT_ANSWER_MS = 4 * 3_600_000;

const orderIdOf = (payload: Record<string, unknown>): string => {
  const id = payload.orderId;
  if (typeof id !== 'string') throw new Error('job without orderId');
  return id;
};

function deskRequest(order: GroupOrderRow): GroupDeskRequest {
  return { orderId: order.id, request: order.request, currency: order.currency, timeZone: order.timeZone };
}

function deskQuoteOf(row: GroupQuoteRow): DeskQuote {
  return {
    flights: row.flights,
    fares: row.fares,
    baggage: row.baggage,
    totalMinor: row.totalMinor,
    confirmBy: row.confirmBy,
    passengerListDeadline: row.passengerListDeadline,
    plan: row.plan,
  };
}

/** The route and first date of a request, for notices. */
function routeParams(order: GroupOrderRow): Record<string, string> {
  return {
    route: order.request.journeys.map((j) => `${j.origin}-${j.destination}`).join(', '),
    departure: order.request.journeys[0]?.date ?? '',
  };
}

async function readOrder(db: Db, id: string): Promise<GroupOrderRow | undefined> {
  return db.transaction((tx) => lockGroupOrderById(tx, id));
}

/**
 * Fails an order (in the caller's transaction): open quotes withdrawn, an unpaid instalment that
 * was due marked missed, deposits paid kept (spec §4), and the agent told.
 */
export async function failGroupOrder(
  tx: Db,
  order: GroupOrderRow,
  reason: GroupFailureReason,
  now: Date,
  missed?: number,
): Promise<GroupOrderRow> {
  await tx
    .update(groupQuotes)
    .set({ state: 'withdrawn' })
    .where(and(eq(groupQuotes.orderId, order.id), eq(groupQuotes.state, 'open')));
  if (missed !== undefined) {
    await tx
      .update(groupInstalments)
      .set({ missedAt: now })
      .where(
        and(
          eq(groupInstalments.orderId, order.id),
          eq(groupInstalments.n, missed),
          isNull(groupInstalments.paidAt),
        ),
      );
  }
  const failed = await transitionGroup(
    tx,
    order,
    'failed',
    now,
    'failed',
    { failureReason: reason },
    { reason },
  );
  await notifyGroupOrderEvent(tx, {
    kind: 'group.failed',
    order: failed,
    params: { ...routeParams(failed), reason },
    at: now,
  });
  return failed;
}

/** Stores quotes, moves the order to to_be_confirm and queues the confirm-by check. */
async function offerQuotes(
  tx: Db,
  order: GroupOrderRow,
  quotes: readonly DeskQuote[],
  now: Date,
  requote: boolean,
): Promise<void> {
  const rows = await replaceOpenQuotes(tx, order.id, quotes, now);
  const confirmBy = new Date(Math.max(...rows.map((q) => q.confirmBy.getTime())));
  const quoted = await transitionGroup(
    tx,
    order,
    'to_be_confirm',
    now,
    requote ? 'requoted' : 'quoted',
    { pickedQuoteId: null, confirmBy: null, passengerListDeadline: null },
    { count: String(rows.length) },
  );
  await enqueueJob(tx, GROUP_CONFIRM_DEADLINE_JOB, { orderId: order.id }, confirmBy);
  await notifyGroupOrderEvent(tx, {
    kind: 'group.quoted',
    order: quoted,
    params: { ...routeParams(quoted), count: String(rows.length) },
    at: now,
  });
}

/** The desk answers a request: quotes (to_be_confirm) or none (failed). Desk call outside any transaction. */
function quoteHandler(deps: GroupOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    const order = await readOrder(db, orderId);
    if (!order || order.status !== 'to_be_quote') return;
    const desk = deps.desks.get(order.desk);
    if (!desk) throw new Error(`group desk ${order.desk} is not configured`);
    const answer = await desk.quote(deskRequest(order), now, deps.timeScale);
    await db.transaction(async (tx) => {
      const current = await lockGroupOrderById(tx, orderId);
      if (!current || current.status !== 'to_be_quote') return;
      if (answer.kind === 'no_quote' || answer.quotes.length === 0) {
        await failGroupOrder(tx, current, 'no_quote', now);
        return;
      }
      await offerQuotes(tx, current, answer.quotes, now, false);
    });
  };
}

/** An order still waiting for the agent's pick at its confirm-by time fails. */
function confirmDeadlineHandler(): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    await db.transaction(async (tx) => {
      const order = await lockGroupOrderById(tx, orderId);
      if (!order || order.status !== 'to_be_confirm') return;
      const open = (await listQuotes(tx, orderId)).filter((q) => q.state === 'open');
      // A re-quote after this job was queued brings a later confirm-by (and its own job).
      if (open.some((q) => q.confirmBy.getTime() > now.getTime())) return;
      await failGroupOrder(tx, order, 'confirm_expired', now);
    });
  };
}

/** The desk takes the seat application: to_be_apply_seat -> seat_applying, its answer queued. */
function seatApplyHandler(deps: GroupOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    await db.transaction(async (tx) => {
      const order = await lockGroupOrderById(tx, orderId);
      if (!order || order.status !== 'to_be_apply_seat') return;
      await transitionGroup(tx, order, 'seat_applying', now, 'seat_applying');
      await enqueueJob(
        tx,
        GROUP_SEAT_ANSWER_JOB,
        { orderId },
        scaledAfter(now, SEAT_ANSWER_MS, deps.timeScale),
      );
    });
  };
}

/**
 * The desk's answer on the seats (call outside any transaction): granted (the instalments of the
 * picked quote are set up with their deadline jobs: to_be_pay_first), a price change (seats are
 * not held after a quote: new quotes, to_be_confirm again) or no seats (failed).
 */
function seatAnswerHandler(deps: GroupOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    const order = await readOrder(db, orderId);
    if (!order || order.status !== 'seat_applying' || !order.pickedQuoteId) return;
    const picked = (await listQuotes(db, orderId)).find((q) => q.id === order.pickedQuoteId);
    const desk = deps.desks.get(order.desk);
    if (!picked || !desk) throw new Error(`group order ${orderId}: no picked quote or desk`);
    const answer = await desk.applySeats(deskRequest(order), deskQuoteOf(picked), now, deps.timeScale);
    await db.transaction(async (tx) => {
      const current = await lockGroupOrderById(tx, orderId);
      if (!current || current.status !== 'seat_applying') return;
      if (answer.kind === 'no_seats') {
        await failGroupOrder(tx, current, 'no_seats', now);
        return;
      }
      if (answer.kind === 'price_changed') {
        await offerQuotes(tx, current, answer.quotes, now, true);
        return;
      }
      await tx.insert(groupInstalments).values(
        picked.plan.map((p) => ({
          orderId,
          n: p.n,
          kind: p.kind,
          amountMinor: p.amountMinor,
          currency: current.currency,
          deadline: new Date(p.deadline),
        })),
      );
      for (const p of picked.plan) {
        await enqueueJob(tx, GROUP_INSTALMENT_DEADLINE_JOB, { orderId, n: p.n }, new Date(p.deadline));
      }
      await enqueueJob(tx, GROUP_PASSENGER_DEADLINE_JOB, { orderId }, picked.passengerListDeadline);
      await transitionGroup(tx, current, 'to_be_pay_first', now, 'seats_granted');
    });
  };
}

/** An instalment still unpaid at its deadline fails the order; deposits paid are kept. */
function instalmentDeadlineHandler(): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    const n = Number(job.payload.n);
    const step = INSTALMENT_STEPS.find((s) => s.n === n);
    if (!step) throw new Error('job without a valid instalment number');
    await db.transaction(async (tx) => {
      const order = await lockGroupOrderById(tx, orderId);
      if (!order || order.status !== step.status) return;
      const [row] = await tx
        .select()
        .from(groupInstalments)
        .where(and(eq(groupInstalments.orderId, orderId), eq(groupInstalments.n, n)));
      if (!row || row.paidAt !== null || row.deadline.getTime() > now.getTime()) return;
      await failGroupOrder(tx, order, 'instalment_missed', now, n);
    });
  };
}

/** A passenger list not confirmed by its deadline fails the order; deposits paid are kept. */
function passengerDeadlineHandler(): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    await db.transaction(async (tx) => {
      const order = await lockGroupOrderById(tx, orderId);
      if (!order || !PASSENGER_LIST_STATUSES.includes(order.status)) return;
      if (!order.passengerListDeadline || order.passengerListDeadline.getTime() > now.getTime()) return;
      if ((await passengerListState(tx, orderId)) === 'confirmed') return;
      await failGroupOrder(tx, order, 'passenger_list_missed', now);
    });
  };
}

/** Tickets per passenger of the confirmed list once the final payment landed: proceeding -> issued. */
function issueHandler(deps: GroupOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    const order = await readOrder(db, orderId);
    if (!order || order.status !== 'proceeding') return;
    const passengers = await listGroupPassengers(db, orderId);
    const desk = deps.desks.get(order.desk);
    if (!desk) throw new Error(`group desk ${order.desk} is not configured`);
    const tickets = await desk.issue(
      deskRequest(order),
      passengers.map((p) => ({ id: String(p.id) })),
    );
    await db.transaction(async (tx) => {
      const current = await lockGroupOrderById(tx, orderId);
      if (!current || current.status !== 'proceeding') return;
      const issued = await transitionGroup(
        tx,
        current,
        'issued',
        now,
        'issued',
        {
          tickets: passengers.map((p, i) => ({
            passengerId: String(p.id),
            name: `${p.surname}/${p.givenNames}`,
            passengerType: p.type,
            ticketNumbers: tickets[i] ?? [],
          })),
        },
        { count: String(passengers.length) },
      );
      await notifyGroupOrderEvent(tx, {
        kind: 'group.issued',
        order: issued,
        params: { ...routeParams(issued), count: String(passengers.length) },
        details: await issuedGroupEmailDetails(tx, issued),
        at: now,
      });
    });
  };
}

/** The group order jobs by kind. */
export function groupJobHandlers(deps: GroupOrderDeps): Record<string, JobHandler> {
  return {
    [GROUP_QUOTE_JOB]: quoteHandler(deps),
    [GROUP_CONFIRM_DEADLINE_JOB]: confirmDeadlineHandler(),
    [GROUP_SEAT_APPLY_JOB]: seatApplyHandler(deps),
    [GROUP_SEAT_ANSWER_JOB]: seatAnswerHandler(deps),
    [GROUP_INSTALMENT_DEADLINE_JOB]: instalmentDeadlineHandler(),
    [GROUP_PASSENGER_DEADLINE_JOB]: passengerDeadlineHandler(),
    [GROUP_ISSUE_JOB]: issueHandler(deps),
  };
}
