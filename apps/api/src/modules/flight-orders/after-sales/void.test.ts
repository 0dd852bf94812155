import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FLIGHT_SETTINGS } from '@portal/domain/agency-config';
import { FlightOrder, FlightOrderList } from '@portal/domain/flight-order';
import { agencies } from '../../agencies/index';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { flightOrders } from '../flight-orders.schema';
import { bookOne } from '../flight-orders.test-helpers';
import { notifications } from '../../notifications/index';
import { journalEntries, ledgerAccounts, ledgerPostings } from '../../wallet/index';
import { getOrder, issuedOrder, loseAnswers } from './after-sales.test-helpers';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });

const minor = (amount: string) => Math.round(Number(amount) * 100);

function post(token: string, url: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload,
  });
}

const voidOf = (token: string, id: string, payload: object = {}) =>
  post(token, `/order/v2/flight/orders/${id}/void`, payload);

async function setDesk(knobs: object) {
  const res = await t.app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: knobs });
  expect(res.statusCode, res.body).toBe(200);
}

async function setVoidFee(fee: number) {
  await t.database.db
    .update(agencies)
    .set({ flightSettings: { ...DEFAULT_FLIGHT_SETTINGS, serviceFees: { change: 0, refund: 0, void: fee } } })
    .where(eq(agencies.id, 1));
}

/** What the void-flight entry of an order put into the agency's wallet, per entry. */
async function walletCredits(orderId: string): Promise<number[]> {
  const db = t.database.db;
  const entries = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.orderId, orderId), eq(journalEntries.kind, 'void-flight')));
  if (entries.length === 0) return [];
  const postings = await db
    .select({ amount: ledgerPostings.amountMinor, kind: ledgerAccounts.kind })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      inArray(
        ledgerPostings.entryId,
        entries.map((e) => e.id),
      ),
    );
  return postings.filter((p) => p.kind === 'agency_wallet').map((p) => p.amount);
}

beforeEach(async () => {
  await setDesk({});
});

describe('void of issued tickets', () => {
  it('voids inside the window: paid minus the void service fee back once; the original offers nothing more', async () => {
    const token = await login(t.app);
    await setVoidFee(300);
    const order = await issuedOrder(t.app, token);
    expect(order.voidDeadline).not.toBeNull();
    expect(order.allowedActions).toContain('void');

    const res = await voidOf(token, order.id, { remark: 'booked twice' });
    expect(res.statusCode, res.body).toBe(200);
    const voiding = FlightOrder.parse(body(res).data);
    const total = minor(order.price.orderTotal.amount);
    expect(voiding).toMatchObject({
      type: 'void',
      status: 'void_proceeding',
      originalBookingId: order.id,
      allowedActions: [],
      afterSales: { remark: 'booked twice', refundReason: null },
    });
    expect(voiding.afterSales?.quote).toMatchObject({
      paid: order.price.orderTotal,
      refundFee: { amount: '0.00' },
      serviceFee: { amount: '3.00' },
    });
    expect(minor(voiding.price.refundableTotal?.amount ?? '0')).toBe(total - 300);

    // The tickets are taken: a refund or a second void is refused while it runs and after.
    const refund = await post(token, `/order/v2/flight/orders/${order.id}/refund`, {
      selection: { passengerIds: order.passengers.map((p) => p.id), segmentIndexes: [0] },
      reason: { value: 1 },
    });
    expect(refund.statusCode).toBe(409);
    expect(body(refund)).toMatchObject({ code: 500010 });

    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    const done = await getOrder(t.app, token, voiding.id);
    expect(done.timeline.map((e) => e.status)).toEqual([
      'void_proceeding',
      'voided',
      'voided_reimbursing',
      'voided_reimbursed',
    ]);
    expect(await walletCredits(voiding.id)).toEqual([total - 300]);

    const original = await getOrder(t.app, token, order.id);
    expect(original.status).toBe('issued');
    expect(original.allowedActions).toEqual([]);
    // The list row offers what the order offers.
    const listed = await t.app.inject({
      url: `/order/v2/flight/orders?bookingNumber=${order.bookingNumber}`,
      headers: bearer(token),
    });
    expect(FlightOrderList.parse(body(listed).data).list).toMatchObject([
      { id: order.id, allowedActions: [] },
    ]);
    expect(original.relatedOrders).toMatchObject([
      { id: voiding.id, type: 'void', status: 'voided_reimbursed' },
    ]);
    expect((await voidOf(token, order.id)).statusCode).toBe(409);
  });

  it('never credits more than was paid, and nothing when the fee takes it all', async () => {
    const token = await login(t.app);
    await setVoidFee(100_000_000);
    const order = await issuedOrder(t.app, token);
    const voiding = FlightOrder.parse(body(await voidOf(token, order.id)).data);
    expect(voiding.price.refundableTotal?.amount).toBe('0.00');
    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    expect((await getOrder(t.app, token, voiding.id)).status).toBe('voided_reimbursed');
    expect(await walletCredits(voiding.id)).toEqual([]);
  });

  it('voids the passengers named, the others stay issued', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token, { adults: 2 });
    const [first, second] = order.passengers;
    if (!first || !second) throw new Error('two passengers');
    const res = await voidOf(token, order.id, { passengerIds: [first.id] });
    expect(res.statusCode, res.body).toBe(200);
    const voiding = FlightOrder.parse(body(res).data);
    expect(voiding.passengers.map((p) => p.id)).toEqual([first.id]);
    expect(minor(voiding.afterSales?.quote?.paid.amount ?? '0')).toBeLessThan(
      minor(order.price.orderTotal.amount),
    );
    expect((await getOrder(t.app, token, order.id)).allowedActions).toContain('void');
    expect((await voidOf(token, order.id, { passengerIds: [second.id] })).statusCode).toBe(200);
    expect((await voidOf(token, order.id, { passengerIds: ['nobody'] })).statusCode).toBe(400);
  });

  it('after the window the action is not offered and the API refuses it with 410', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    await t.database.db
      .update(flightOrders)
      .set({ voidDeadline: new Date(Date.now() - 1000) })
      .where(eq(flightOrders.id, order.id));
    const closed = await getOrder(t.app, token, order.id);
    expect(closed.allowedActions).toEqual(['change', 'refund']);
    const res = await voidOf(token, order.id);
    expect(res.statusCode).toBe(410);
    expect(body(res)).toMatchObject({
      code: 500011,
      message: 'The void window of this order has closed; request a refund instead',
    });
  });

  it('refuses a void of an unpaid booking and of another agency’s order', async () => {
    const token = await login(t.app);
    const unpaid = await bookOne(t.app, token);
    const res = await voidOf(token, unpaid.id);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 500002 });
    const order = await issuedOrder(t.app, token);
    expect((await voidOf(await login(t.app, 'subop'), order.id)).statusCode).toBe(404);
  });

  it('a void that gets no answer is asked again, and credited once when the supplier answers', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const voiding = FlightOrder.parse(body(await voidOf(token, order.id)).data);
    await loseAnswers(t.app, ['void']);
    try {
      await t.app.runDueJobs(new Date(Date.now() + 60_000));
      expect((await getOrder(t.app, token, voiding.id)).status).toBe('void_proceeding');
      expect(await walletCredits(voiding.id)).toEqual([]);
    } finally {
      await loseAnswers(t.app, []);
    }
    await t.app.runDueJobs(new Date(Date.now() + 3_600_000));
    expect((await getOrder(t.app, token, voiding.id)).status).toBe('voided_reimbursed');
    expect(await walletCredits(voiding.id)).toHaveLength(1);
  });

  it('a rejected or failed void frees the tickets and credits nothing', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    await setDesk({ void: { decision: 'reject' } });
    const rejected = FlightOrder.parse(body(await voidOf(token, order.id)).data);
    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    const after = await getOrder(t.app, token, rejected.id);
    expect(after.status).toBe('void_rejected');
    expect(after.afterSales?.rejectReason).toBeTruthy();
    // The desk's own words stay on the timeline as they are, with no note key.
    expect(after.timeline.at(-1)).toMatchObject({ note: after.afterSales?.rejectReason, noteKey: null });

    await setDesk({ void: { fail: true } });
    const failed = FlightOrder.parse(body(await voidOf(token, order.id)).data);
    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    expect((await getOrder(t.app, token, failed.id)).status).toBe('void_failed');
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, failed.id));
    expect(notices.map((n) => n.kind)).toContain('void.failed');
    expect(await walletCredits(rejected.id)).toEqual([]);
    expect(await walletCredits(failed.id)).toEqual([]);

    await setDesk({});
    expect((await voidOf(token, order.id)).statusCode).toBe(200);
  });
});
