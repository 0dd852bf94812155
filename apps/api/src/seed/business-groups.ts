import type { CreateGroupOrderBody } from '@portal/domain/group-order';
import type { Db } from '../platform/db';
import { enqueueJob } from '../platform/jobs';
import type { JobRow } from '../platform/jobs.schema';
import { createGatewayRegistry } from '../modules/payments/index';
import { DEFAULT_AGENCY_TIME_ZONE } from '@portal/domain/time-zone';
import { GROUP_QUOTE_JOB } from '../modules/group-orders/create-group-order';
import { createGroupDeskRegistry } from '../modules/group-orders/group-desk';
import { GROUP_CONFIRM_DEADLINE_JOB, groupJobHandlers } from '../modules/group-orders/group-jobs';
import { insertGroupOrder, transitionGroup } from '../modules/group-orders/group-orders.repo';
import type { GroupOrderRow } from '../modules/group-orders/group-orders.schema';
import { SimulatedGroupDesk } from '../simulation/group-desk';
import { DAY_MS, HOUR_MS, type FlightHistory } from './business-context';

/** Group requests of the quarter: (days ago, journey, passengers, what became of it). */
const GROUPS: readonly {
  daysAgo: number;
  from: string;
  to: string;
  inDays: number;
  adults: number;
  fate: 'waiting' | 'quoted' | 'expired' | 'canceled';
}[] = [
  { daysAgo: 0, from: 'PEK', to: 'SYD', inDays: 60, adults: 18, fate: 'waiting' },
  { daysAgo: 0, from: 'PVG', to: 'NRT', inDays: 45, adults: 24, fate: 'waiting' },
  { daysAgo: 1, from: 'CAN', to: 'SIN', inDays: 40, adults: 12, fate: 'quoted' },
  { daysAgo: 1, from: 'SHA', to: 'XMN', inDays: 30, adults: 30, fate: 'quoted' },
  { daysAgo: 35, from: 'PEK', to: 'FRA', inDays: 50, adults: 15, fate: 'expired' },
  { daysAgo: 60, from: 'PVG', to: 'LHR', inDays: 45, adults: 20, fate: 'expired' },
  { daysAgo: 25, from: 'SZX', to: 'PEK', inDays: 20, adults: 16, fate: 'canceled' },
];

/** The job row a handler is run with (only its payload is read). */
const jobFor = (kind: string, orderId: string, at: Date): JobRow => ({
  id: 0,
  kind,
  payload: { orderId },
  runAt: at,
  attempts: 0,
  lockedUntil: null,
  doneAt: null,
  lastError: null,
  createdAt: at,
});

/**
 * Group requests of the head office in the states the desk's answers leave them: waiting for the
 * desk's quotes (its answer queued, after the start), quoted and waiting for the agent's pick,
 * failed because nobody picked a quote by its confirm-by time, and withdrawn by the agent. The
 * desk's answers and the deadline are the group jobs' own handlers, run at the times they fell due.
 */
export async function seedGroups(tx: Db, h: FlightHistory): Promise<GroupOrderRow[]> {
  const desk = new SimulatedGroupDesk();
  const deps = {
    db: tx,
    now: () => h.now,
    timeScale: 1,
    desks: createGroupDeskRegistry([desk]),
    gateways: createGatewayRegistry([]),
  };
  const handlers = groupJobHandlers(deps);
  const run = async (kind: string, order: GroupOrderRow, at: Date) => {
    const handler = handlers[kind];
    if (handler) await handler(tx, jobFor(kind, order.id, at), at);
  };
  // The head office keeps the default zone (no time zone is set in the demo's company profiles).
  const timeZone = DEFAULT_AGENCY_TIME_ZONE;
  const orders: GroupOrderRow[] = [];
  for (const g of GROUPS) {
    const at = new Date(h.now.getTime() - g.daysAgo * DAY_MS - h.rng.int(2, 8) * HOUR_MS);
    const date = new Date(at.getTime() + g.inDays * DAY_MS).toISOString().slice(0, 10);
    const request: CreateGroupOrderBody = {
      journeys: [{ origin: g.from, destination: g.to, date }],
      isChangeDate: h.rng.chance(0.5),
      acceptChangeFlight: h.rng.chance(0.5),
      passengers: { adult: g.adults, child: 0, infant: 0 },
    };
    const base = {
      agencyId: 1,
      userId: h.userId(h.rng.pick(['operator', 'lina'])),
      currency: 'CNY',
      timeZone,
    };
    let order = await insertGroupOrder(
      tx,
      { ...base, status: 'to_be_quote', request, desk: desk.name },
      at,
      async (inner, row) => {
        if (g.fate !== 'waiting') return;
        const answerAt = desk.answerAt({ orderId: row.id, request, currency: 'CNY', timeZone }, at);
        await enqueueJob(inner, GROUP_QUOTE_JOB, { orderId: row.id }, answerAt);
      },
    );
    if (g.fate === 'canceled') {
      const when = new Date(at.getTime() + 3 * HOUR_MS);
      order = await transitionGroup(
        tx,
        order,
        'canceled',
        when,
        'canceled',
        { cancelReason: 'Tour cancelled by the client' },
        { reason: 'Tour cancelled by the client' },
      );
    } else if (g.fate !== 'waiting') {
      const quotedAt = desk.answerAt({ orderId: order.id, request, currency: 'CNY', timeZone }, at);
      await run(GROUP_QUOTE_JOB, order, quotedAt.getTime() < h.now.getTime() ? quotedAt : at);
      if (g.fate === 'expired') {
        // Nobody picked a quote: the confirm-by check fails the order once the time has passed.
        await run(GROUP_CONFIRM_DEADLINE_JOB, order, new Date(quotedAt.getTime() + 3 * DAY_MS));
      }
    }
    orders.push(order);
  }
  return orders;
}
