import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { FlightOrder } from '@portal/domain/flight-order';
import { ShoppingStarted } from '@portal/domain/shopping';
import { DEFAULT_FLIGHT_SETTINGS } from '@portal/domain/agency-config';
import { agencies } from '../../agencies/index';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { flightOrders } from '../flight-orders.schema';
import { notifications } from '../../notifications/index';
import { adult, bookOne, contact, createOrder, travelDate } from '../flight-orders.test-helpers';
import { awaitFinished, oneWay, search } from '../../shopping/shopping.test-helpers';
import { ledgerViolations } from '../../wallet/index';
import { journalEntries, ledgerAccounts, ledgerPostings } from '../../wallet/index';
import { afterTicketing, getOrder, issuedOrder, loseAnswers } from './after-sales.test-helpers';
import { REFUND_CONFIRM_WINDOW_MS, REFUND_REVIEW_DELAY_MS } from './refund';
import { convertBetween } from './service-fees';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });

const later = (ms: number) => new Date(Date.now() + ms);
const noticeKinds = async (orderId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.orderId, orderId))).map(
    (n) => n.kind,
  );
/** After the desk's review of a refund asked now. */
const afterReview = () => later(REFUND_REVIEW_DELAY_MS + 60_000);

function post(token: string, url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'accept-language': 'en', ...headers },
    ...(payload ? { payload } : {}),
  });
}

const refundOf = (token: string, order: FlightOrder, passengerIds: string[], reason: object = { value: 0 }) =>
  post(token, `/order/v2/flight/orders/${order.id}/refund`, {
    selection: { passengerIds, segmentIndexes: order.segments.map((_, i) => i) },
    reason,
  });

const confirm = (token: string, id: string, headers: Record<string, string> = {}) =>
  post(token, `/order/v2/flight/orders/${id}/confirmation`, undefined, headers);

async function setDesk(knobs: object) {
  const res = await t.app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: knobs });
  expect(res.statusCode, res.body).toBe(200);
}

async function setServiceFees(fees: { change: number; refund: number; void: number }) {
  await t.database.db
    .update(agencies)
    .set({ flightSettings: { ...DEFAULT_FLIGHT_SETTINGS, serviceFees: fees } })
    .where(eq(agencies.id, 1));
}

async function creditsOf(orderId: string) {
  return t.database.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.orderId, orderId), eq(journalEntries.kind, 'refund-flight')));
}

const minor = (amount: string) => Math.round(Number(amount) * 100);

/** What an entry put into the agency's wallet. */
async function walletCredit(entryId: number): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ amount: ledgerPostings.amountMinor })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerPostings.entryId, entryId), eq(ledgerAccounts.kind, 'agency_wallet')));
  return row?.amount;
}

beforeEach(async () => {
  await setDesk({});
});

describe('refund of issued tickets', () => {
  it('refunds one passenger of two: review, quote, confirm, money back once; the other stays issued and is refunded later', async () => {
    const token = await login(t.app);
    await setDesk({ refund: { feePercent: 10 } });
    await setServiceFees({ change: 0, refund: 500, void: 0 });
    const order = await issuedOrder(t.app, token, { adults: 2 });
    expect(order.allowedActions).toEqual(expect.arrayContaining(['change', 'refund', 'void']));
    const [first, second] = order.passengers;
    if (!first || !second) throw new Error('two passengers');

    const res = await refundOf(token, order, [first.id]);
    expect(res.statusCode, res.body).toBe(200);
    const requested = FlightOrder.parse(body(res).data);
    expect(requested).toMatchObject({
      type: 'refund',
      status: 'rfd_reviewing',
      originalBookingId: order.id,
      allowedActions: ['cancel-refund'],
      relatedOrders: [{ id: order.id, type: 'origin', status: 'issued' }],
      afterSales: { refundReason: { value: 0, subOption: null }, quote: null },
    });
    expect(requested.passengers.map((p) => p.id)).toEqual([first.id]);

    // The same ticket cannot be in two requests.
    const again = await refundOf(token, order, [first.id]);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ code: 500010 });
    const original = await getOrder(t.app, token, order.id);
    expect(original.status).toBe('issued');
    expect(original.relatedOrders.map((r) => r.id)).toEqual([requested.id]);
    expect(original.allowedActions).toContain('refund');

    // Confirmation before the desk answered is refused.
    expect((await confirm(token, requested.id)).statusCode).toBe(409);

    await t.app.runDueJobs(afterReview());
    const quoted = await getOrder(t.app, token, requested.id);
    expect(quoted.status).toBe('rfd_to_be_confirm');
    expect(quoted.allowedActions).toEqual(['confirm-refund', 'cancel-refund']);
    const quote = quoted.afterSales?.quote;
    if (!quote) throw new Error('no quote');
    const paid = minor(quote.paid.amount);
    const total = minor(order.price.orderTotal.amount);
    expect(paid).toBeGreaterThanOrEqual(Math.floor(total / 2));
    expect(paid).toBeLessThanOrEqual(Math.ceil(total / 2));
    expect(minor(quote.refundFee.amount)).toBe(Math.ceil(paid / 10));
    expect(quote.serviceFee.amount).toBe('5.00');
    const expected = paid - Math.ceil(paid / 10) - 500;
    expect(minor(quote.refundableTotal.amount)).toBe(expected);
    expect(quoted.price).toMatchObject({
      refundFee: quote.refundFee,
      serviceFee: quote.serviceFee,
      refundableTotal: quote.refundableTotal,
    });
    expect(quoted.confirmDeadline).not.toBeNull();
    expect(quoted.afterSales?.confirmDeadline).toBe(quoted.confirmDeadline);

    const confirmed = await confirm(token, requested.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(FlightOrder.parse(body(confirmed).data)).toMatchObject({
      status: 'rfd_proceeding',
      allowedActions: [],
    });
    await t.app.runDueJobs(later(60_000));
    const done = await getOrder(t.app, token, requested.id);
    expect(done.status).toBe('refunded_reimbursed');
    expect(done.timeline.map((e) => e.status)).toEqual([
      'rfd_reviewing',
      'rfd_to_be_confirm',
      'rfd_proceeding',
      'refunded',
      'refunded_reimbursing',
      'refunded_reimbursed',
    ]);
    const credits = await creditsOf(requested.id);
    expect(credits).toHaveLength(1);
    expect(await walletCredit(credits[0]?.id ?? 0)).toBe(expected);

    // The refunded ticket is gone for good; the other passenger is still issued and refundable.
    expect((await refundOf(token, order, [first.id])).statusCode).toBe(409);
    const second_ = await refundOf(token, order, [second.id]);
    expect(second_.statusCode, second_.body).toBe(200);
    const after = await getOrder(t.app, token, order.id);
    expect(after.status).toBe('issued');
    expect(after.relatedOrders).toHaveLength(2);
    // Every ticket-segment is now taken: nothing more to change, refund or void.
    expect(after.allowedActions).toEqual([]);
  });

  it('charges no supplier fee for an involuntary reason on a disruption the supplier recorded', async () => {
    const token = await login(t.app);
    await setDesk({ refund: { feePercent: 50 } });
    const order = await issuedOrder(t.app, token);
    const raised = await t.app.inject({
      method: 'POST',
      url: '/__test/disruptions',
      payload: { orderId: order.id, type: 'cancel_unprotected', segmentIndex: 0 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const ids = order.passengers.map((p) => p.id);
    const res = await refundOf(token, order, ids, { value: 2, subOption: 'cancellation' });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.runDueJobs(afterReview());
    const quoted = await getOrder(t.app, token, FlightOrder.parse(body(res).data).id);
    expect(quoted.afterSales?.quote?.refundFee.amount).toBe('0.00');
    expect(quoted.afterSales?.quote?.refundableTotal).toEqual(order.price.orderTotal);
  });

  it('a rejected refund frees its tickets and keeps the reason', async () => {
    const token = await login(t.app);
    await setDesk({ refund: { decision: 'reject' } });
    const order = await issuedOrder(t.app, token);
    const ids = order.passengers.map((p) => p.id);
    const res = await refundOf(token, order, ids);
    const id = FlightOrder.parse(body(res).data).id;
    await t.app.runDueJobs(afterReview());
    const rejected = await getOrder(t.app, token, id);
    expect(rejected).toMatchObject({ status: 'rfd_rejected', allowedActions: [] });
    expect(rejected.afterSales?.rejectReason).toBeTruthy();
    await setDesk({});
    expect((await refundOf(token, order, ids)).statusCode).toBe(200);
  });

  it('after the confirmation deadline: 410, then the job cancels the request and frees the tickets', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const ids = order.passengers.map((p) => p.id);
    const id = FlightOrder.parse(body(await refundOf(token, order, ids)).data).id;
    await t.app.runDueJobs(afterReview());
    await t.database.db
      .update(flightOrders)
      .set({ confirmDeadline: new Date(Date.now() - 1000) })
      .where(eq(flightOrders.id, id));
    const late = await getOrder(t.app, token, id);
    expect(late.allowedActions).toEqual(['cancel-refund']);
    const res = await confirm(token, id);
    expect(res.statusCode).toBe(410);
    expect(body(res)).toMatchObject({
      code: 500012,
      message: 'The confirmation deadline of this refund has passed; the request is canceled',
    });
    await t.app.runDueJobs(later(REFUND_REVIEW_DELAY_MS + REFUND_CONFIRM_WINDOW_MS + 120_000));
    expect((await getOrder(t.app, token, id)).status).toBe('refund_canceled');
    expect(await noticeKinds(id)).toContain('refund.canceled');
    expect(await creditsOf(id)).toHaveLength(0);
    expect((await refundOf(token, order, ids)).statusCode).toBe(200);
  });

  it('cancels a refund in review or awaiting confirmation, not once it proceeds', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token, { adults: 2 });
    const [first, second] = order.passengers;
    if (!first || !second) throw new Error('two passengers');
    const del = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/order/v2/flight/orders/${id}`, headers: bearer(token) });

    const a = FlightOrder.parse(body(await refundOf(token, order, [first.id])).data);
    const canceled = await del(a.id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(FlightOrder.parse(body(canceled).data)).toMatchObject({
      status: 'refund_canceled',
      allowedActions: [],
    });
    expect(await noticeKinds(a.id)).toContain('refund.canceled');
    // The review later finds it canceled and leaves it.
    await t.app.runDueJobs(afterReview());
    expect((await getOrder(t.app, token, a.id)).status).toBe('refund_canceled');

    const b = FlightOrder.parse(body(await refundOf(token, order, [first.id])).data);
    const c = FlightOrder.parse(body(await refundOf(token, order, [second.id])).data);
    await t.app.runDueJobs(afterReview());
    expect((await del(b.id)).statusCode).toBe(200);
    expect((await getOrder(t.app, token, b.id)).status).toBe('refund_canceled');
    expect((await confirm(token, c.id)).statusCode).toBe(200);
    const refused = await del(c.id);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 500002 });
    // An issued original cannot be canceled either.
    expect((await del(order.id)).statusCode).toBe(409);
  });

  it('refuses refunds the table does not allow and selections that do not fit the order', async () => {
    const token = await login(t.app);
    const unpaid = await bookOne(t.app, token);
    const notIssued = await refundOf(
      token,
      unpaid,
      unpaid.passengers.map((p) => p.id),
    );
    expect(notIssued.statusCode).toBe(409);
    expect(body(notIssued)).toMatchObject({ code: 500002 });

    const order = await issuedOrder(t.app, token);
    const ids = order.passengers.map((p) => p.id);
    expect((await refundOf(token, order, ['nobody'])).statusCode).toBe(400);
    const badSegment = await post(token, `/order/v2/flight/orders/${order.id}/refund`, {
      selection: { passengerIds: ids, segmentIndexes: [order.segments.length] },
      reason: { value: 0 },
    });
    expect(badSegment.statusCode).toBe(400);
    expect(body(badSegment)).toMatchObject({ code: 100001 });
    // Reason 2 needs one of its sub-options; reason 0 takes none.
    expect((await refundOf(token, order, ids, { value: 2 })).statusCode).toBe(400);
    expect((await refundOf(token, order, ids, { value: 0, subOption: 'delay' })).statusCode).toBe(400);
    expect((await refundOf(token, order, ids, { value: 8 })).statusCode).toBe(400);

    const refund = FlightOrder.parse(body(await refundOf(token, order, ids)).data);
    // A refund order is not refunded, and confirming an original means nothing.
    expect((await refundOf(token, refund, ids)).statusCode).toBe(409);
    expect((await confirm(token, order.id)).statusCode).toBe(409);

    // Another agency sees none of it.
    const other = await login(t.app, 'subop');
    expect((await refundOf(other, order, ids)).statusCode).toBe(404);
    expect((await confirm(other, refund.id)).statusCode).toBe(404);
  });

  it('converts the service fee from the settlement currency by rate, rounding up', () => {
    // 1.00 USD at 0.1389 USD per CNY is 7.1994... CNY: 7.20.
    expect(
      convertBetween(100, { currency: 'USD', rateFromCny: '0.1389' }, { currency: 'CNY', rateFromCny: '1' }),
    ).toBe(720);
    expect(
      convertBetween(500, { currency: 'CNY', rateFromCny: '1' }, { currency: 'JPY', rateFromCny: '20.5' }),
    ).toBe(103);
    expect(
      convertBetween(0, { currency: 'USD', rateFromCny: '0.1389' }, { currency: 'CNY', rateFromCny: '1' }),
    ).toBe(0);
  });
});

describe('refund of a changed order and failures at the supplier', () => {
  it('a changed order refunds its new tickets: what the old tickets cost plus what the change was paid', async () => {
    const token = await login(t.app);
    await setServiceFees({ change: 0, refund: 0, void: 0 });
    await setDesk({ refund: { feePercent: 0 }, change: { changeFee: 2_000, fareMove: 0 } });
    const found = await search(t.app, token, oneWay('PEK', 'SHA', travelDate()));
    const solution = found.solutions.find(
      (s) =>
        s.rules.change.allowed &&
        s.restrictions.documentTypes.length === 0 &&
        s.restrictions.eligibleCountries.length === 0 &&
        s.restrictions.minAge === null &&
        s.restrictions.maxAge === null,
    );
    if (!solution) throw new Error('no changeable solution');
    const booked = await createOrder(t.app, token, {
      solutionId: solution.id,
      passengers: [adult()],
      contact: contact(),
    });
    const order = FlightOrder.parse(body(booked).data);
    expect(
      (await post(token, `/order/v2/flight/orders/${order.id}/payment`, { channel: 'balance' })).statusCode,
    ).toBe(200);
    await t.app.runDueJobs(afterTicketing());
    const issued = await getOrder(t.app, token, order.id);
    const selection = {
      passengerIds: issued.passengers.map((p) => p.id),
      segmentIndexes: issued.segments.map((_, i) => i),
    };
    const started = await post(token, `/order/v2/flight/orders/${order.id}/change/search`, {
      selection,
      reason: 0,
      legs: [{ legIndex: 0, date: travelDate(47) }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const { searchId } = ShoppingStarted.parse(body(started).data);
    const alternatives = await awaitFinished(t.app, token, searchId);
    const alternative = alternatives.solutions[0];
    if (!alternative) throw new Error('no alternative');
    const requested = await post(token, `/order/v2/flight/orders/${order.id}/change`, {
      changeSearchId: searchId,
      solutionId: alternative.id,
      selection,
      reason: 0,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const change = FlightOrder.parse(body(requested).data);
    await t.app.runDueJobs(afterTicketing());
    const quoted = await getOrder(t.app, token, change.id);
    if (quoted.status === 'chg_to_be_paid') {
      const paid = await post(token, `/order/v2/flight/orders/${change.id}/payment`, { channel: 'balance' });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    await t.app.runDueJobs(later(8 * 3_600_000));
    const changed = await getOrder(t.app, token, change.id);
    expect(changed.status).toBe('changed');
    expect(changed.allowedActions).toContain('refund');
    const changePaid = changed.payment.state === 'paid' ? minor(changed.price.orderTotal.amount) : 0;

    const res = await refundOf(
      token,
      changed,
      changed.passengers.map((p) => p.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    const refund = FlightOrder.parse(body(res).data);
    expect(refund.originalBookingId).toBe(change.id);
    await t.app.runDueJobs(afterReview());
    expect((await confirm(token, refund.id)).statusCode).toBe(200);
    await t.app.runDueJobs(later(60_000));
    const done = await getOrder(t.app, token, refund.id);
    expect(done.status).toBe('refunded_reimbursed');
    const back = minor(done.afterSales?.quote?.refundableTotal.amount ?? '0');
    expect(back).toBe(minor(issued.price.orderTotal.amount) + changePaid);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    // The original's tickets were replaced; the changed order's are refunded: nothing more to do on either.
    expect((await getOrder(t.app, token, order.id)).allowedActions).toEqual([]);
    expect((await getOrder(t.app, token, change.id)).allowedActions).toEqual([]);
  });

  it('a refund that gets no answer is asked again, and credited once when the supplier answers', async () => {
    // Another user than the file's other tests: a user's bookings a minute are limited.
    const token = await login(t.app, 'operator');
    const order = await issuedOrder(t.app, token);
    const ids = order.passengers.map((p) => p.id);
    const id = FlightOrder.parse(body(await refundOf(token, order, ids)).data).id;
    await t.app.runDueJobs(afterReview());
    expect((await confirm(token, id)).statusCode).toBe(200);
    await loseAnswers(t.app, ['refund']);
    try {
      await t.app.runDueJobs(later(60_000));
      // The supplier may have refunded: the request waits, the tickets stay claimed.
      expect((await getOrder(t.app, token, id)).status).toBe('rfd_proceeding');
      expect(await creditsOf(id)).toHaveLength(0);
    } finally {
      await loseAnswers(t.app, []);
    }
    await t.app.runDueJobs(later(3_600_000));
    expect((await getOrder(t.app, token, id)).status).toBe('refunded_reimbursed');
    expect(await creditsOf(id)).toHaveLength(1);
  });

  it('a refund the supplier fails ends refund_failed, credits nothing and frees the tickets', async () => {
    const token = await login(t.app);
    await setDesk({ refund: { fail: true } });
    const order = await issuedOrder(t.app, token);
    const ids = order.passengers.map((p) => p.id);
    const id = FlightOrder.parse(body(await refundOf(token, order, ids)).data).id;
    await t.app.runDueJobs(afterReview());
    expect((await confirm(token, id)).statusCode).toBe(200);
    await t.app.runDueJobs(later(60_000));
    expect((await getOrder(t.app, token, id)).status).toBe('refund_failed');
    expect(await noticeKinds(id)).toContain('refund.failed');
    expect(await creditsOf(id)).toHaveLength(0);
    await setDesk({});
    expect((await refundOf(token, order, ids)).statusCode).toBe(200);
  });
});
