import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { flightOrders } from '../flight-orders.schema';
import { ledgerViolations } from '../../wallet/index';
import { journalEntries, ledgerAccounts, ledgerPostings } from '../../wallet/index';
import { getOrder, issuedOrder } from './after-sales.test-helpers';
import { REFUND_REVIEW_DELAY_MS } from './refund';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });

const minor = (amount: string) => Math.round(Number(amount) * 100);
const afterReview = () => new Date(Date.now() + REFUND_REVIEW_DELAY_MS + 60_000);
const afterAll = () => new Date(Date.now() + REFUND_REVIEW_DELAY_MS + 120_000);

function post(token: string, url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });
}

const refundOf = (token: string, order: FlightOrder, passengerIds: string[]) =>
  post(token, `/order/v2/flight/orders/${order.id}/refund`, {
    selection: { passengerIds, segmentIndexes: order.segments.map((_, i) => i) },
    reason: { value: 0 },
  });

/** Everything refund-flight and void-flight entries put into the wallet for the orders started from `originalId`. */
async function moneyBack(originalId: string): Promise<{ entries: number; total: number }> {
  const db = t.database.db;
  const children = await db
    .select({ id: flightOrders.id })
    .from(flightOrders)
    .where(eq(flightOrders.originalBookingId, originalId));
  if (children.length === 0) return { entries: 0, total: 0 };
  const entries = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(
      and(
        inArray(
          journalEntries.orderId,
          children.map((c) => c.id),
        ),
        inArray(journalEntries.kind, ['refund-flight', 'void-flight']),
      ),
    );
  if (entries.length === 0) return { entries: 0, total: 0 };
  const postings = await db
    .select({ amount: ledgerPostings.amountMinor })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        inArray(
          ledgerPostings.entryId,
          entries.map((e) => e.id),
        ),
        eq(ledgerAccounts.kind, 'agency_wallet'),
      ),
    );
  return { entries: entries.length, total: postings.reduce((sum, p) => sum + p.amount, 0) };
}

beforeEach(async () => {
  // No fee: money back equals what was paid, the most a refund may ever give.
  const res = await t.app.inject({
    method: 'POST',
    url: '/__test/after-sales/desk',
    payload: { refund: { feePercent: 0 } },
  });
  expect(res.statusCode).toBe(200);
});

describe('refunds under concurrent requests', () => {
  it('20 refunds of one ticket at once: one is accepted, the money comes back once', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const ids = order.passengers.map((p) => p.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundOf(token, order, ids)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(body(refused)).toMatchObject({ code: 500010 });
    }
    const accepted = answers.find((a) => a.statusCode === 200);
    if (!accepted) throw new Error('none accepted');
    const refund = FlightOrder.parse(body(accepted).data);
    await t.app.runDueJobs(afterReview());
    expect((await post(token, `/order/v2/flight/orders/${refund.id}/confirmation`)).statusCode).toBe(200);
    await t.app.runDueJobs(afterAll());
    expect((await getOrder(t.app, token, refund.id)).status).toBe('refunded_reimbursed');
    expect(await moneyBack(order.id)).toEqual({ entries: 1, total: minor(order.price.orderTotal.amount) });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('20 confirmations at once, and the same one twice with its key: one move, one credit', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token, { adults: 2 });
    const [first, second] = order.passengers;
    if (!first || !second) throw new Error('two passengers');
    const a = FlightOrder.parse(body(await refundOf(token, order, [first.id])).data);
    const b = FlightOrder.parse(body(await refundOf(token, order, [second.id])).data);
    await t.app.runDueJobs(afterReview());

    const confirmations = await Promise.all(
      Array.from({ length: 20 }, () => post(token, `/order/v2/flight/orders/${a.id}/confirmation`)),
    );
    expect(confirmations.filter((c) => c.statusCode === 200)).toHaveLength(1);
    for (const refused of confirmations.filter((c) => c.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
    }

    const key = { 'idempotency-key': `confirm-${b.id}` };
    const once = await post(token, `/order/v2/flight/orders/${b.id}/confirmation`, undefined, key);
    const twice = await post(token, `/order/v2/flight/orders/${b.id}/confirmation`, undefined, key);
    expect(once.statusCode, once.body).toBe(200);
    expect(twice.statusCode).toBe(200);
    expect(twice.headers['idempotent-replayed']).toBe('true');
    expect(body(twice).data).toEqual(body(once).data);

    await t.app.runDueJobs(afterAll());
    await t.app.runDueJobs(afterAll());
    expect((await getOrder(t.app, token, a.id)).status).toBe('refunded_reimbursed');
    expect((await getOrder(t.app, token, b.id)).status).toBe('refunded_reimbursed');
    expect(await moneyBack(order.id)).toEqual({ entries: 2, total: minor(order.price.orderTotal.amount) });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('overlapping refunds and voids of a party of three at once never give back more than was paid', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token, { adults: 3 });
    const ids = order.passengers.map((p) => p.id);
    const [p1, p2, p3] = ids;
    if (!p1 || !p2 || !p3) throw new Error('three passengers');
    const selections = [[p1], [p2], [p3], [p1, p2], [p2, p3], [p1, p3], ids];
    const requests = Array.from({ length: 20 }, (_, i) => {
      const passengerIds = selections[i % selections.length] ?? ids;
      return i % 3 === 0
        ? post(token, `/order/v2/flight/orders/${order.id}/void`, { passengerIds })
        : refundOf(token, order, passengerIds);
    });
    const answers = await Promise.all(requests);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const accepted = answers.filter((a) => a.statusCode === 200).map((a) => FlightOrder.parse(body(a).data));
    // Each passenger's tickets went to exactly one accepted request.
    const taken = accepted.flatMap((o) => o.passengers.map((p) => p.id)).sort();
    expect(taken).toEqual([...ids].sort());

    await t.app.runDueJobs(afterReview());
    for (const o of accepted.filter((x) => x.type === 'refund')) {
      expect((await post(token, `/order/v2/flight/orders/${o.id}/confirmation`)).statusCode).toBe(200);
    }
    await t.app.runDueJobs(afterAll());
    const back = await moneyBack(order.id);
    expect(back.entries).toBe(accepted.length);
    expect(back.total).toBe(minor(order.price.orderTotal.amount));
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
