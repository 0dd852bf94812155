import { eq, like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GroupPaymentResult,
  type GroupOrder,
  type GroupOrderList,
  type GroupStatusCount,
} from '@portal/domain/group-order';
import { LateCaptureList } from '@portal/domain/late-capture';
import { buildApp } from '../../app';
import type { Database } from '../../platform/db';
import { sessions as sessionRows } from '../auth/index';
import { agencies } from '../agencies/index';
import {
  bearer,
  body,
  createTestDatabase,
  login,
  resetDatabase,
  TEST_SECRETS,
  testConfig,
} from '../../test/app';
import { createSimulatedGateways, isSimulatedGateway } from '../../simulation/payments/simulated-gateway';
import { walletAccounts } from '../wallet/index';
import { providerRefundsOf } from '../payments/index';
import { notifications } from '../notifications/index';
import { groupInstalmentViolations, ledgerViolations } from '../wallet/index';
import { payFromBalance } from '../wallet/index';
import { fundThroughParents } from '../wallet/wallet.test-helpers';
import { journalEntries } from '../wallet/index';
import { addBusinessDays } from './business-days';
import { SimulatedGroupDesk } from '../../simulation/group-desk';
import { createGroupDeskRegistry } from './group-desk';
import { UNLIMITED_BOOKINGS } from '../flight-orders/flight-orders.test-helpers';
import { confirmGroupPassengers, replaceGroupPassengers } from './passenger-list/passenger-list.repo';

/** A clock the test moves; the app and its jobs read it. */
let clock = new Date('2026-11-23T02:00:00Z'); // Monday 10:00 in Shanghai
const desk = new SimulatedGroupDesk();
/** The simulated card provider, whose refunds the tests read. */
const gateways = createSimulatedGateways(TEST_SECRETS.paymentGateway);
const stripe = gateways.get('stripe');
if (!isSimulatedGateway(stripe)) throw new Error('no simulated stripe');
let app: FastifyInstance;
let database: Database;
let dispose: (() => Promise<void>) | undefined;
/** Sessions end with the app's clock: a user logs in again once the test moved it. */
const sessions = new Map<string, string>();

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  dispose = created.dispose;
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: process.env.G1_LOG ?? 'silent' }),
    database,
    now: () => clock,
    groupDesks: createGroupDeskRegistry([desk]),
    gateways,
    limits: UNLIMITED_BOOKINGS,
  });
}, 60_000);

beforeEach(async () => {
  await resetDatabase(database);
  clock = new Date('2026-11-23T02:00:00Z');
  desk.knobs = { quotes: 2, days: 1 };
  sessions.clear();
});

afterAll(async () => {
  await app.close();
  await dispose?.();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let keys = 0;

async function tokenOf(user: string): Promise<string> {
  const key = `${user}@${clock.getTime()}`;
  const known = sessions.get(key);
  if (known) return known;
  const token = await login(app, user);
  // A session starts "seen" at the database's time; the test's clock is its own.
  await database.db.update(sessionRows).set({ lastSeenAt: clock });
  sessions.set(key, token);
  return token;
}

async function call(
  user: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  keys += 1;
  const key = `group-test-${keys}`;
  const token = await tokenOf(user);
  return app.inject({
    method,
    url,
    headers: { ...bearer(token), 'idempotency-key': key, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
}

const REQUEST = {
  journeys: [
    {
      origin: 'PEK',
      destination: 'SHA',
      date: '2026-12-20',
      returnDate: '2026-12-27',
      remark: 'school trip',
    },
  ],
  isChangeDate: true,
  acceptChangeFlight: false,
};

async function runJobsAt(at: Date): Promise<void> {
  clock = at;
  // Jobs queue more jobs due at once: run until nothing is due.
  while ((await app.runDueJobs(at)) > 0);
}

async function detail(token: string, id: string): Promise<GroupOrder> {
  const res = await call(token, 'GET', `/order/v2/group/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<GroupOrder>(res).data;
}

async function fund(agencyId: number, amountMinor: number): Promise<void> {
  await database.db.transaction((tx) =>
    fundThroughParents(tx, {
      agencyId,
      currency: 'CNY',
      amountMinor,
      reference: `fund-${agencyId}-${amountMinor}`,
    }),
  );
}

/** Creates a request and lets the desk quote it; answers the order in to_be_confirm. */
async function quoted(token: string): Promise<GroupOrder> {
  const res = await call(token, 'POST', '/order/v2/group/orders', REQUEST);
  expect(res.statusCode, res.body).toBe(200);
  const order = body<GroupOrder>(res).data;
  await runJobsAt(new Date(clock.getTime() + DAY));
  return detail(token, order.id);
}

/** Picks the first quote and lets the desk grant the seats; answers the order in to_be_pay_first. */
async function seated(token: string): Promise<GroupOrder> {
  const order = await quoted(token);
  const quoteId = order.quotes[0]?.id ?? '';
  const picked = await call(token, 'POST', `/order/v2/group/orders/${order.id}/quote-selection`, { quoteId });
  expect(picked.statusCode, picked.body).toBe(200);
  await runJobsAt(clock);
  await runJobsAt(new Date(clock.getTime() + 4 * HOUR));
  const seatedOrder = await detail(token, order.id);
  expect(seatedOrder.status, JSON.stringify(seatedOrder.timeline)).toBe('to_be_pay_first');
  return seatedOrder;
}

async function pay(token: string, id: string, n: number): Promise<LightMyRequestResponse> {
  return call(token, 'POST', `/order/v2/group/orders/${id}/instalments/${n}/payment`, { channel: 'balance' });
}

async function confirmList(order: GroupOrder): Promise<void> {
  const count = order.request.passengers.adult + order.request.passengers.child;
  const passengers = Array.from({ length: count }, (_, i) => ({
    position: i + 1,
    type: i < order.request.passengers.adult ? ('adult' as const) : ('child' as const),
    surname: 'ZHANG',
    givenNames: `WEI${String.fromCharCode(65 + (i % 26))}`,
    gender: 'male' as const,
    birthday: i < order.request.passengers.adult ? '1980-01-01' : '2018-01-01',
    nationality: 'CN',
    documentType: 'PP' as never,
    documentNumber: `E${String(10000000 + i)}`,
    documentExpiry: '2031-01-01',
  }));
  await database.db.transaction(async (tx) => {
    await replaceGroupPassengers(tx, { id: order.id, agencyId: 1 }, 1, passengers);
    await confirmGroupPassengers(tx, order.id, clock);
  });
}

async function walletEntries(orderId: string) {
  return database.db
    .select()
    .from(journalEntries)
    .where(like(journalEntries.orderId, `${orderId}/%`));
}

describe('desk timing in business days', () => {
  const zone = 'Asia/Shanghai';

  it('answers a Friday request on Monday or Tuesday at the same local time', () => {
    const friday = new Date('2026-11-27T02:00:00Z'); // Fri 10:00 Shanghai
    expect(addBusinessDays(friday, 1, zone).toISOString()).toBe('2026-11-30T02:00:00.000Z');
    expect(addBusinessDays(friday, 2, zone).toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });

  it('counts a weekend request from Monday 09:00 local', () => {
    const saturday = new Date('2026-11-28T06:00:00Z'); // Sat 14:00 Shanghai
    expect(addBusinessDays(saturday, 1, zone).toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });

  it("uses the agency's time zone: Friday 23:00 UTC is already Saturday in Shanghai", () => {
    const late = new Date('2026-11-27T23:00:00Z');
    expect(addBusinessDays(late, 1, zone).toISOString()).toBe('2026-12-01T01:00:00.000Z');
    // In New York it is still Friday 18:00: Monday 18:00 local.
    expect(addBusinessDays(late, 1, 'America/New_York').toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });

  it("queues the desk's answer in business days of the agency's own time zone setting", async () => {
    await database.db.update(agencies).set({ timeZone: 'America/New_York' }).where(eq(agencies.id, 1));
    clock = new Date('2026-11-27T23:00:00Z'); // Friday 18:00 in New York, Saturday 07:00 in Shanghai
    desk.knobs = { days: 1 };
    const res = await call('admin', 'POST', '/order/v2/group/orders', REQUEST);
    const order = body<GroupOrder>(res).data;
    // One business day later in New York: Monday 18:00 there (Tuesday 09:00 were it Shanghai's).
    await runJobsAt(new Date('2026-11-30T22:59:00Z'));
    expect((await detail('admin', order.id)).status).toBe('to_be_quote');
    await runJobsAt(new Date('2026-11-30T23:00:00Z'));
    expect((await detail('admin', order.id)).status).toBe('to_be_confirm');
  });

  it('queues the quote 1 to 2 business days later, skipping the weekend, divided by TIME_SCALE', async () => {
    clock = new Date('2026-11-27T02:00:00Z'); // Friday
    desk.knobs = { days: 1 };
    const token = 'admin';
    const res = await call(token, 'POST', '/order/v2/group/orders', REQUEST);
    const order = body<GroupOrder>(res).data;
    expect(order.status).toBe('to_be_quote');
    await runJobsAt(new Date('2026-11-29T23:59:00Z')); // Sunday evening in Shanghai... Monday 07:59
    expect((await detail(token, order.id)).status).toBe('to_be_quote');
    await runJobsAt(new Date('2026-11-30T02:00:00Z'));
    expect((await detail(token, order.id)).status).toBe('to_be_confirm');

    const scaled = await buildApp({
      config: testConfig({ TIME_SCALE: '3600' }),
      database,
      now: () => clock,
      groupDesks: createGroupDeskRegistry([desk]),
    });
    try {
      clock = new Date('2026-11-27T02:00:00Z');
      const fast = body<GroupOrder>(
        await scaled.inject({
          method: 'POST',
          url: '/order/v2/group/orders',
          headers: { ...bearer(await tokenOf(token)), 'idempotency-key': 'scaled-request' },
          payload: REQUEST,
        }),
      ).data;
      // Three real days (Fri -> Mon) are 72 seconds at TIME_SCALE 3600.
      await scaled.runDueJobs(new Date(clock.getTime() + 71_000));
      expect((await detail(token, fast.id)).status).toBe('to_be_quote');
      await scaled.runDueJobs(new Date(clock.getTime() + 72_000));
      expect((await detail(token, fast.id)).status).toBe('to_be_confirm');
    } finally {
      await scaled.close();
    }
  });
});

describe('group orders', () => {
  it('defaults to 10 adults and 10 children and refuses fewer than ten travellers', async () => {
    const token = 'operator';
    const res = await call(token, 'POST', '/order/v2/group/orders', REQUEST);
    expect(body<GroupOrder>(res).data.request.passengers).toEqual({ adult: 10, child: 10, infant: 0 });
    const small = await call(token, 'POST', '/order/v2/group/orders', {
      ...REQUEST,
      passengers: { adult: 5, child: 4, infant: 0 },
    });
    expect(small.statusCode).toBe(400);
    expect(body(small).code).toBe(100001);
  });

  it('runs request -> quote -> pick -> seats -> three deposits and the final payment -> issued', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await quoted(token);
    expect(order.status).toBe('to_be_confirm');
    expect(order.statusColor).toBe('primary');
    expect(order.quotes).toHaveLength(2);
    expect(order.allowedActions).toEqual(['pickQuote', 'cancel']);
    const quote = order.quotes[0];
    expect(quote?.instalments.map((i) => i.kind)).toEqual(['first', 'second', 'third', 'final']);
    const [quotedNotice] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(quotedNotice?.kind).toBe('group.quoted');

    const picked = await call(token, 'POST', `/order/v2/group/orders/${order.id}/quote-selection`, {
      quoteId: quote?.id,
    });
    expect(body<GroupOrder>(picked).data.status).toBe('to_be_apply_seat');
    await runJobsAt(clock);
    expect((await detail(token, order.id)).status).toBe('seat_applying');
    await runJobsAt(new Date(clock.getTime() + 4 * HOUR));
    const seatedOrder = await detail(token, order.id);
    expect(seatedOrder.status).toBe('to_be_pay_first');
    expect(seatedOrder.instalments.map((i) => i.state)).toEqual(['unpaid', 'unpaid', 'unpaid', 'unpaid']);
    expect(seatedOrder.timeline.map((e) => e.event)).toEqual([
      'requested',
      'quoted',
      'quote_picked',
      'seat_applying',
      'seats_granted',
    ]);
    for (const n of [1, 2, 3]) {
      const res = await pay(token, order.id, n);
      expect(res.statusCode, res.body).toBe(200);
    }
    const last = await detail(token, order.id);
    expect(last.status).toBe('to_be_paid_last_money');
    expect(last.allowedActions).not.toContain('payInstalment');
    const refused = await pay(token, order.id, 4);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).code).toBe(500040);

    await confirmList(last);
    const final = await pay(token, order.id, 4);
    expect(final.statusCode, final.body).toBe(200);
    expect(body<{ status: string; order: GroupOrder }>(final).data.order.status).toBe('proceeding');
    await runJobsAt(clock);
    const issued = await detail(token, order.id);
    expect(issued.status).toBe('issued');
    expect(issued.statusColor).toBe('success');
    expect(issued.tickets).toHaveLength(20);
    expect(issued.tickets.every((t) => t.ticketNumbers.length === 1)).toBe(true);
    expect(issued.paidTotal).toEqual(quote?.total);
    expect(issued.depositsKept).toBeNull();
    const entries = await walletEntries(order.id);
    expect(entries).toHaveLength(4);
    expect(entries.every((e) => e.kind === 'origin-flight' && e.reference === order.bookingNumber)).toBe(
      true,
    );
    expect(await ledgerViolations(database.db)).toEqual([]);
  });

  it('refuses a pick after the confirm-by time, and the job fails the order', async () => {
    const token = 'admin';
    const order = await quoted(token);
    const confirmBy = Date.parse(order.confirmBy ?? '');
    clock = new Date(confirmBy + 1);
    const late = await call(token, 'POST', `/order/v2/group/orders/${order.id}/quote-selection`, {
      quoteId: order.quotes[0]?.id,
    });
    expect(late.statusCode).toBe(410);
    expect(body(late).code).toBe(500012);
    await runJobsAt(clock);
    const failed = await detail(token, order.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe('confirm_expired');
    expect(failed.allowedActions).toEqual([]);
  });

  it('fails an order the desk does not quote', async () => {
    desk.knobs = { mode: 'no_quote', days: 1 };
    const token = 'admin';
    const order = await quoted(token);
    expect(order.status).toBe('failed');
    expect(order.failureReason).toBe('no_quote');
    expect(order.statusColor).toBe('error');
  });

  it('re-quotes when the price changed while applying for seats (seats are not held)', async () => {
    desk.knobs = { mode: 'price_change', quotes: 1, days: 1 };
    const token = 'admin';
    const order = await quoted(token);
    const first = order.quotes[0];
    await call(token, 'POST', `/order/v2/group/orders/${order.id}/quote-selection`, { quoteId: first?.id });
    await runJobsAt(clock);
    await runJobsAt(new Date(clock.getTime() + 4 * HOUR));
    const requoted = await detail(token, order.id);
    expect(requoted.status).toBe('to_be_confirm');
    const open = requoted.quotes.filter((q) => q.state === 'open');
    expect(open).toHaveLength(1);
    expect(Number(open[0]?.total.amount)).toBeGreaterThan(Number(first?.total.amount));
    const stale = await call(token, 'POST', `/order/v2/group/orders/${order.id}/quote-selection`, {
      quoteId: first?.id,
    });
    expect(stale.statusCode).toBe(409);
    const again = await call(token, 'POST', `/order/v2/group/orders/${order.id}/quote-selection`, {
      quoteId: open[0]?.id,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('fails an order when the desk has no seats left', async () => {
    const token = 'admin';
    const order = await quoted(token);
    desk.knobs = { noSeats: true };
    await call(token, 'POST', `/order/v2/group/orders/${order.id}/quote-selection`, {
      quoteId: order.quotes[0]?.id,
    });
    await runJobsAt(clock);
    await runJobsAt(new Date(clock.getTime() + 4 * HOUR));
    const failed = await detail(token, order.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe('no_seats');
    expect(failed.depositsKept).toBeNull();
  });

  it('takes no request without a group desk (simulated suppliers off)', async () => {
    const off = await buildApp({
      config: testConfig({ SIMULATED_SUPPLIERS: 'false' }),
      database,
      now: () => clock,
    });
    try {
      const res = await off.inject({
        method: 'POST',
        url: '/order/v2/group/orders',
        headers: { ...bearer(await tokenOf('admin')), 'idempotency-key': 'no-desk' },
        payload: REQUEST,
      });
      expect(res.statusCode).toBe(503);
      expect(body(res).code).toBe(500041);
    } finally {
      await off.close();
    }
  });

  it('pays one instalment once under 20 concurrent payments', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(token, order.id, 1)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    expect(await walletEntries(order.id)).toHaveLength(1);
    const after = await detail(token, order.id);
    expect(after.status).toBe('to_be_pay_second');
    expect(after.instalments[0]?.state).toBe('paid');
    expect(await ledgerViolations(database.db)).toEqual([]);
  });

  it('replays a payment with the same Idempotency-Key without paying twice', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const headers = { ...bearer(await tokenOf(token)), 'idempotency-key': 'same-instalment-key' };
    const url = `/order/v2/group/orders/${order.id}/instalments/1/payment`;
    const a = await app.inject({ method: 'POST', url, headers, payload: { channel: 'balance' } });
    const b = await app.inject({ method: 'POST', url, headers, payload: { channel: 'balance' } });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    expect(await walletEntries(order.id)).toHaveLength(1);
  });

  it('ledger invariants flag a group instalment charge that no paid instalment explains', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    expect((await pay(token, order.id, 1)).statusCode).toBe(200);
    expect(await groupInstalmentViolations(database.db)).toEqual([]);
    await database.db.transaction((tx) =>
      payFromBalance(tx, {
        agencyId: 1,
        currency: 'CNY',
        amountMinor: 100,
        orderId: `${order.id}/instalment-2`,
        kind: 'origin-flight',
      }),
    );
    expect(await groupInstalmentViolations(database.db)).toHaveLength(1);
  });

  it('fails on a missed instalment deadline and keeps the deposits paid', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    expect((await pay(token, order.id, 1)).statusCode).toBe(200);
    const second = order.instalments[1];
    const deadline = Date.parse(second?.deadline ?? '');
    clock = new Date(deadline);
    const late = await pay(token, order.id, 2);
    expect(late.statusCode).toBe(410);
    await runJobsAt(clock);
    const failed = await detail(token, order.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe('instalment_missed');
    expect(failed.instalments.map((i) => i.state)).toEqual(['paid', 'missed', 'unpaid', 'unpaid']);
    expect(failed.depositsKept).toEqual(order.instalments[0]?.amount);
    // Kept: no money back to the wallet.
    const entries = await walletEntries(order.id);
    expect(entries.map((e) => e.kind)).toEqual(['origin-flight']);
    expect(await ledgerViolations(database.db)).toEqual([]);
  });

  it('fails an order whose passenger list is not confirmed by its deadline', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const deadline = Date.parse(order.passengerList.deadline ?? '');
    for (const n of [1, 2, 3]) {
      clock = new Date(Date.parse(order.instalments[n - 1]?.deadline ?? '') - HOUR);
      expect((await pay(token, order.id, n)).statusCode).toBe(200);
    }
    await runJobsAt(new Date(deadline));
    const failed = await detail(token, order.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe('passenger_list_missed');
    const paid = order.instalments.slice(0, 3).reduce((sum, i) => sum + Number(i.amount.amount), 0);
    expect(Number(failed.depositsKept?.amount)).toBe(paid);
  });

  it('cancels only with a reason and only where the table allows', async () => {
    const token = 'admin';
    const order = await quoted(token);
    const noReason = await call(token, 'POST', `/order/v2/group/orders/${order.id}/cancel`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const canceled = await call(token, 'POST', `/order/v2/group/orders/${order.id}/cancel`, {
      reason: 'The school cancelled the trip',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const data = body<GroupOrder>(canceled).data;
    expect(data.status).toBe('canceled');
    expect(data.cancelReason).toBe('The school cancelled the trip');
    expect(data.statusColor).toBe('info');
    const again = await call(token, 'POST', `/order/v2/group/orders/${order.id}/cancel`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
  });

  it('lists with a status filter and counts every status', async () => {
    const token = 'admin';
    await quoted(token);
    await call(token, 'POST', '/order/v2/group/orders', REQUEST);
    const all = body<GroupOrderList>(await call(token, 'GET', '/order/v2/group/orders?pageSize=10')).data;
    expect(all.total).toBe(2);
    const waiting = body<GroupOrderList>(
      await call(token, 'GET', '/order/v2/group/orders?status=to_be_quote'),
    ).data;
    expect(waiting.list.map((o) => o.status)).toEqual(['to_be_quote']);
    expect(waiting.list[0]?.route).toBe('PEK-SHA');
    expect(waiting.list[0]?.passengerCount).toBe(20);
    const counts = body<GroupStatusCount[]>(await call(token, 'GET', '/order/v2/group/orders/status')).data;
    expect(counts).toHaveLength(13);
    expect(counts.find((c) => c.status === 'to_be_quote')?.cnt).toBe(1);
    expect(counts.find((c) => c.status === 'to_be_confirm')?.cnt).toBe(1);
  });

  it("never shows or acts on another agency's group order", async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const other = 'partner';
    for (const res of [
      await call(other, 'GET', `/order/v2/group/orders/${order.id}`),
      await call(other, 'GET', `/order/v2/group/orders/${order.bookingNumber}`),
      await pay(other, order.id, 1),
      await call(other, 'POST', `/order/v2/group/orders/${order.id}/cancel`, { reason: 'not mine' }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const list = body<GroupOrderList>(await call(other, 'GET', '/order/v2/group/orders')).data;
    expect(list.total).toBe(0);
    expect(await walletEntries(order.id)).toHaveLength(0);
  });
});

describe('group instalments through an outside channel', () => {
  /** Starts paying instalment `n` with the card channel; answers the pending payment. */
  async function startCard(token: string, id: string, n: number) {
    const res = await call(token, 'POST', `/order/v2/group/orders/${id}/instalments/${n}/payment`, {
      channel: 'stripe',
      returnUrl: `/flight/group/order/${id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = GroupPaymentResult.parse(body(res).data);
    if (result.status !== 'pending' || !result.redirectUrl) throw new Error(`expected pending: ${res.body}`);
    return { ...result, redirectUrl: result.redirectUrl };
  }

  /** The simulated checkout's form post, as the payer's browser sends it. */
  async function checkout(redirectUrl: string, outcome: 'paid' | 'failed' = 'paid') {
    const url = new URL(redirectUrl, 'http://portal.test');
    const res = await app.inject({
      method: 'POST',
      url: `${url.pathname}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: url.searchParams.get('token') ?? '', outcome }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
  }

  const walletBalance = async () => (await walletAccounts(database.db, 1))[0]?.balanceMinor;

  it('pays deposits and the final payment by card or balance, each once, and issues the tickets', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const before = await walletBalance();

    const first = await startCard(token, order.id, 1);
    expect(first.amount).toEqual(order.instalments[0]?.amount);
    // Not paid until the provider says so; asking again resumes the same payment.
    expect((await detail(token, order.id)).status).toBe('to_be_pay_first');
    expect((await startCard(token, order.id, 1)).paymentId).toBe(first.paymentId);
    await checkout(first.redirectUrl);
    // The payer's polling of the payment sees it paid (the group order is theirs to see).
    const polled = await call(token, 'GET', `/order/v2/flight/payments/${first.paymentId}`);
    expect(polled.statusCode, polled.body).toBe(200);
    expect(body(polled).data).toMatchObject({ status: 'paid', orderId: order.id });
    const afterFirst = await detail(token, order.id);
    expect(afterFirst.status).toBe('to_be_pay_second');
    expect(afterFirst.instalments[0]).toMatchObject({ state: 'paid', channel: 'stripe' });
    expect(await walletBalance()).toBe(before);

    expect((await pay(token, order.id, 2)).statusCode).toBe(200);
    await checkout((await startCard(token, order.id, 3)).redirectUrl);
    const last = await detail(token, order.id);
    expect(last.status).toBe('to_be_paid_last_money');
    // The final payment needs the confirmed passenger list, by card as by balance.
    const refused = await call(token, 'POST', `/order/v2/group/orders/${order.id}/instalments/4/payment`, {
      channel: 'stripe',
    });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).code).toBe(500040);
    await confirmList(last);
    await checkout((await startCard(token, order.id, 4)).redirectUrl);
    expect((await detail(token, order.id)).status).toBe('proceeding');
    await runJobsAt(clock);
    const issued = await detail(token, order.id);
    expect(issued.status).toBe('issued');
    expect(issued.paidTotal).toEqual(issued.quotes.find((q) => q.id === issued.pickedQuoteId)?.total);
    expect(issued.instalments.map((i) => i.channel)).toEqual(['stripe', 'balance', 'stripe', 'stripe']);

    const entries = await walletEntries(order.id);
    expect(entries).toHaveLength(4);
    expect(entries.every((e) => e.kind === 'origin-flight')).toBe(true);
    const instalment2 = order.instalments[1]?.amount.amount ?? '0';
    expect(await walletBalance()).toBe((before ?? 0) - Math.round(Number(instalment2) * 100));
    expect(await ledgerViolations(database.db)).toEqual([]);
    expect(await groupInstalmentViolations(database.db)).toEqual([]);
  });

  /** Every ledger entry about the order: its instalments' and any under its own id. */
  const entriesOf = (orderId: string) =>
    database.db
      .select()
      .from(journalEntries)
      .where(like(journalEntries.orderId, `${orderId}%`));
  const minorOf = (amount: string | undefined) => Math.round(Number(amount ?? '0') * 100);

  it('keeps deposits paid by card and from the wallet when the order fails: nothing goes back to the card or the wallet', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const card = await startCard(token, order.id, 1);
    await checkout(card.redirectUrl);
    expect((await pay(token, order.id, 2)).statusCode).toBe(200);
    const before = await walletBalance();

    await runJobsAt(new Date(Date.parse(order.instalments[2]?.deadline ?? '')));
    const failed = await detail(token, order.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe('instalment_missed');
    expect(failed.instalments.map((i) => [i.state, i.channel])).toEqual([
      ['paid', 'stripe'],
      ['paid', 'balance'],
      ['missed', null],
      ['unpaid', null],
    ]);
    // Spec §4: the deposit is not refunded, whatever paid it.
    const kept = minorOf(order.instalments[0]?.amount.amount) + minorOf(order.instalments[1]?.amount.amount);
    expect(minorOf(failed.depositsKept?.amount)).toBe(kept);
    expect(stripe.refunds.filter((r) => r.paymentId === card.paymentId)).toEqual([]);
    expect(await providerRefundsOf(database.db, [order.id])).toEqual([]);
    expect(await walletBalance()).toBe(before);
    expect((await entriesOf(order.id)).map((e) => e.kind)).toEqual(['origin-flight', 'origin-flight']);
    expect(await ledgerViolations(database.db)).toEqual([]);
    expect(await groupInstalmentViolations(database.db)).toEqual([]);
  });

  it('keeps a deposit paid by card when the agent cancels: no refund to the card, nothing to the wallet', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const card = await startCard(token, order.id, 1);
    await checkout(card.redirectUrl);
    const before = await walletBalance();
    const canceled = await call(token, 'POST', `/order/v2/group/orders/${order.id}/cancel`, {
      reason: 'The school cancelled the trip',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(body<GroupOrder>(canceled).data.depositsKept).toEqual(order.instalments[0]?.amount);
    await runJobsAt(new Date(clock.getTime() + HOUR));
    expect(stripe.refunds.filter((r) => r.paymentId === card.paymentId)).toEqual([]);
    expect(await providerRefundsOf(database.db, [order.id])).toEqual([]);
    expect(await walletBalance()).toBe(before);
    expect((await entriesOf(order.id)).map((e) => e.kind)).toEqual(['origin-flight']);
    expect(await ledgerViolations(database.db)).toEqual([]);
    expect(await groupInstalmentViolations(database.db)).toEqual([]);
  });

  it('refunds a capture that arrives after the instalment was paid from the wallet, once', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const started = await startCard(token, order.id, 1);
    expect((await pay(token, order.id, 1)).statusCode).toBe(200);
    await checkout(started.redirectUrl);
    await checkout(started.redirectUrl);
    expect(stripe.refunds.filter((r) => r.paymentId === started.paymentId)).toHaveLength(1);
    const after = await detail(token, order.id);
    expect(after.status).toBe('to_be_pay_second');
    expect(after.instalments[0]).toMatchObject({ state: 'paid', channel: 'balance' });
    expect(await walletEntries(order.id)).toHaveLength(1);
    const res = await call('finance', 'GET', '/order/v2/payments/late-captures');
    expect(res.statusCode, res.body).toBe(200);
    const captures = LateCaptureList.parse(body(res).data);
    expect(captures.list.find((c) => c.orderId === order.id)).toMatchObject({
      bookingNumber: order.bookingNumber,
      reason: 'order_not_payable',
      orderStatus: 'to_be_pay_second',
      status: 'refunded',
    });
    expect(await groupInstalmentViolations(database.db)).toEqual([]);
  });

  it('ends a card payment at the instalment deadline: the checkout closes, the order fails, nothing is taken', async () => {
    await fund(1, 50_000_000);
    const token = 'admin';
    const order = await seated(token);
    const deadline = Date.parse(order.instalments[0]?.deadline ?? '');
    clock = new Date(deadline - 5 * 60_000);
    const started = await startCard(token, order.id, 1);
    expect(Date.parse(started.expiresAt)).toBe(deadline);
    await runJobsAt(new Date(deadline));
    expect((await detail(token, order.id)).status).toBe('failed');
    clock = new Date(deadline + 60_000);
    await checkout(started.redirectUrl);
    // The checkout is closed once the payment expired: nothing was captured, nothing paid.
    expect(stripe.refunds.filter((r) => r.paymentId === started.paymentId)).toHaveLength(0);
    expect(await walletEntries(order.id)).toHaveLength(0);
  });

  it('refuses a channel the agency does not offer (abapay is not a default), and starts nothing', async () => {
    await fund(1, 50_000_000);
    const order = await seated('admin');
    const res = await call('admin', 'POST', `/order/v2/group/orders/${order.id}/instalments/1/payment`, {
      channel: 'abapay',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((await detail('admin', order.id)).status).toBe('to_be_pay_first');
  });
});
