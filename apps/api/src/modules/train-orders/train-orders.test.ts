import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { railRefundQuote } from '@portal/domain/rail';
import { TrainOrder, TrainOrderList, type TrainOrder as TrainOrderT } from '@portal/domain/train-order';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, login, useTestApp } from '../../test/app';
import { setAgencyTimeZone } from '../../test/agency-config';
import { UNLIMITED_BOOKINGS } from '../flight-orders/flight-orders.test-helpers';
import { ledgerViolations } from '../wallet/index';
import { rowsOf } from '../../platform/db/rows';
import { signWebhook } from '../notifications/index';
import { webhookSecret } from '../notifications/index';
import {
  bookTrain,
  idCardPassenger,
  passportPassenger,
  pickTrain,
  setTrainSettings,
  trainContact,
  trainDate,
} from './train-orders.test-helpers';

const t = useTestApp();
let app: FastifyInstance;
beforeAll(async () => {
  // No booking limit (its own test is elsewhere); the simulated rail supplier's knobs over HTTP.
  app = await t.build({ ENABLE_TEST_HOOKS: 'true' }, undefined, { limits: UNLIMITED_BOOKINGS });
});
afterEach(async () => {
  await app.inject({ method: 'POST', url: '/__test/rail-suppliers/sim-rail/faults' });
});
const ORDERS = '/order/v2/train/orders';

async function walletMinor(agencyId = 1): Promise<number> {
  const [row] = await rowsOf<{ balance: string }>(
    t.database.db,
    sql`select balance_minor::text as balance from ledger_accounts
      where agency_id = ${agencyId} and kind = 'agency_wallet' and currency = 'CNY'`,
  );
  return Number(row?.balance ?? 0);
}

async function entriesOf(orderId: string): Promise<{ kind: string; amount: number }[]> {
  const rows = await rowsOf<{ kind: string; amount: string }>(
    t.database.db,
    sql`select e.kind, sum(p.amount_minor) filter (where a.kind = 'agency_wallet')::text as amount
      from journal_entries e join ledger_postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id
      where e.order_id = ${orderId} group by e.id, e.kind order by e.id`,
  );
  return rows.map((r) => ({ kind: r.kind, amount: Number(r.amount) }));
}

async function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
}

const pay = (app: FastifyInstance, token: string, id: string, key?: string) =>
  app.inject({
    method: 'POST',
    url: `${ORDERS}/${id}/payment`,
    payload: { channel: 'balance' },
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });

const orderOf = (res: { json(): unknown; body: string }) => {
  const data = (res.json() as { data: unknown }).data;
  if (data === null) throw new Error(res.body);
  return TrainOrder.parse(data);
};
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
/** Each timeline entry as [status, note key, note values, English note]. */
const notesOf = (order: TrainOrderT) =>
  order.timeline.map((e) => [e.status, e.noteKey ?? null, e.noteParams ?? null, e.note]);

describe('train orders: booking, payment, ticketing', () => {
  it('books two passengers (ID card and passport), pays once from the balance and is ticketed by the job', async () => {
    const token = await login(app, 'operator');
    const before = await walletMinor();
    const order = await bookTrain(app, token);
    expect(order).toMatchObject({ status: 'to_be_paid', statusColor: 'primary', seatClass: 'second' });
    expect(order.allowedActions).toEqual(['pay', 'cancel']);
    expect(order.passengers.map((p) => [p.name, p.birthday, p.seat])).toEqual([
      ['张伟', '1985-03-14', null],
      ['John Smith', '1980-05-01', null],
    ]);
    expect(order.train.departure.station.code).toMatch(/^[A-Z]{3}$/);
    const totalMinor = Math.round(Number(order.price.orderTotal.amount) * 100);

    const paid = await pay(app, token, order.id, `pay-${order.id}`);
    expect(paid.statusCode).toBe(200);
    expect(body<{ status: string; order: TrainOrderT }>(paid).data).toMatchObject({
      status: 'paid',
      order: { status: 'proceeding', payment: { state: 'paid', channel: 'balance' } },
    });
    expect(await walletMinor()).toBe(before - totalMinor);
    // The same key answers the stored payment; a new key is refused: paid once.
    expect((await pay(app, token, order.id, `pay-${order.id}`)).statusCode).toBe(200);
    const again = await pay(app, token, order.id, `pay-again-${order.id}`);
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe(500002);

    await app.runDueJobs(later(10));
    const ticketed = orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`));
    expect(ticketed.status).toBe('ticketed');
    expect(ticketed.statusColor).toBe('success');
    for (const p of ticketed.passengers) {
      expect(p.seat?.coach).toMatch(/^\d{2}$/);
      expect(p.seat?.seatNumber).toMatch(/^\d{2}[ABCDF]$/);
      expect(p.ticketNumber).toMatch(/^E\d{9}\d$/);
    }
    expect(ticketed.allowedActions).toEqual(['refund']);
    // Eight days or more before departure: no fee.
    expect(ticketed.refundQuote).toMatchObject({ refundable: true, percent: 0, fee: { amount: '0.00' } });
    expect(await entriesOf(order.id)).toEqual([{ kind: 'origin-train', amount: -totalMinor }]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);

    const list = TrainOrderList.parse(body(await call(app, token, 'GET', `${ORDERS}?status=ticketed`)).data);
    expect(list.list.map((o) => o.bookingNumber)).toEqual([order.bookingNumber]);
    const byName = body<{ total: number }>(await call(app, token, 'GET', `${ORDERS}?passenger=smith`)).data;
    expect(byName.total).toBe(1);
    const none = body<{ total: number }>(await call(app, token, 'GET', `${ORDERS}?status=refunded`)).data;
    expect(none.total).toBe(0);
  });

  it('refuses a passenger the rules refuse, and answers QUOTE_CHANGED when the price moved', async () => {
    const token = await login(app, 'operator');
    const { train, price } = await pickTrain(app, token);
    const book = (passengers: object[], expectedPrice = price) =>
      call(app, token, 'POST', ORDERS, {
        trainId: train.id,
        seatClass: 'second',
        expectedPrice,
        passengers,
        contact: trainContact(),
      });
    const bad = await book([
      idCardPassenger({ document: { interfaceType: 'taiwan-travel-permit', number: 'L12345678' } }),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(body<{ errors: { path: string; key: string }[] }>(bad).data.errors).toEqual([
      expect.objectContaining({
        path: 'passengers.0.document.interfaceType',
        key: 'passenger.documentType.notAllowed',
      }),
      expect.objectContaining({ path: 'passengers.0.birthday', key: 'passenger.birthday.required' }),
    ]);
    const changed = await book([idCardPassenger()], { amount: '1.00', currency: 'CNY' });
    expect(changed.statusCode).toBe(409);
    expect(body(changed)).toMatchObject({
      code: 500004,
      data: { reason: 'price_changed', train: { id: train.id } },
    });
    // A train the railway does not know (or no longer runs): unavailable, nothing booked.
    const gone = await call(app, token, 'POST', ORDERS, {
      trainId: `G1|VNP|AOH|${trainDate(-400)}`,
      seatClass: 'second',
      expectedPrice: price,
      passengers: [idCardPassenger()],
      contact: trainContact(),
    });
    expect(gone.statusCode).toBe(409);
    expect(body(gone).data).toEqual({ reason: 'unavailable', train: null });
    // The supplier down: 502, nothing booked.
    await app.inject({
      method: 'POST',
      url: '/__test/rail-suppliers/sim-rail/faults',
      payload: { orderError: true },
    });
    const down = await book([idCardPassenger()]);
    expect(down.statusCode).toBe(502);
    expect(body(down).code).toBe(500003);
    const orders = body<{ total: number }>(await call(app, token, 'GET', ORDERS)).data;
    expect(orders.total).toBe(0);
  });

  it('pays once when twenty payments of one order arrive at once', async () => {
    const token = await login(app, 'operator');
    const before = await walletMinor();
    const order = await bookTrain(app, token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pay(app, token, order.id, `race-${i}-${order.id}`)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    const totalMinor = Math.round(Number(order.price.orderTotal.amount) * 100);
    expect(await walletMinor()).toBe(before - totalMinor);
    expect(await entriesOf(order.id)).toEqual([{ kind: 'origin-train', amount: -totalMinor }]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe('train orders: manual ticketing, cancel, failure, deadline', () => {
  it('waits for an operator when the agency tickets trains by hand; finance may not ticket', async () => {
    await setTrainSettings(t.database.db, 1, { manual: true, notificationUrl: null });
    const operator = await login(app, 'operator');
    const order = await bookTrain(app, operator);
    const paid = body<{ order: TrainOrderT }>(await pay(app, operator, order.id)).data.order;
    expect(paid).toMatchObject({ status: 'manual_ticketing', statusColor: 'warning', manualTicketing: true });
    expect(paid.allowedActions).toEqual(['cancel', 'ticket']);

    await app.runDueJobs(later(60));
    expect(orderOf(await call(app, operator, 'GET', `${ORDERS}/${order.id}`)).status).toBe(
      'manual_ticketing',
    );

    const finance = await login(app, 'finance');
    const seen = orderOf(await call(app, finance, 'GET', `${ORDERS}/${order.id}`));
    expect(seen.allowedActions).toEqual([]);
    const refused = await call(app, finance, 'POST', `${ORDERS}/${order.id}/ticketing`);
    expect(refused.statusCode).toBe(403);

    const admin = await login(app, 'admin');
    const ticketed = orderOf(await call(app, admin, 'POST', `${ORDERS}/${order.id}/ticketing`));
    expect(ticketed.status).toBe('ticketed');
    expect(ticketed.passengers.every((p) => p.seat !== null)).toBe(true);
    expect(ticketed.timeline.map((e) => e.status)).toEqual([
      'to_be_paid',
      'manual_ticketing',
      'proceeding',
      'ticketed',
    ]);
    expect(notesOf(ticketed)).toEqual([
      ['to_be_paid', 'bookedBy', { user: 'operator' }, 'Booked by operator'],
      [
        'manual_ticketing',
        'paidAwaitingOperator',
        {},
        'Paid with the balance; waiting for an operator to ticket',
      ],
      ['proceeding', 'ticketingBy', { user: 'admin' }, 'Ticketing by admin'],
      ['ticketed', null, null, null],
    ]);
    const twice = await call(app, admin, 'POST', `${ORDERS}/${order.id}/ticketing`);
    expect(twice.statusCode).toBe(409);
  });

  it('cancels before ticketing: unpaid without money, paid with the whole amount back once', async () => {
    const token = await login(app, 'operator');
    const unpaid = await bookTrain(app, token);
    const canceled = orderOf(await call(app, token, 'DELETE', `${ORDERS}/${unpaid.id}`));
    expect(canceled).toMatchObject({ status: 'canceled', statusColor: 'info', allowedActions: [] });
    expect(notesOf(canceled).at(-1)).toEqual([
      'canceled',
      'canceledBy',
      { user: 'operator' },
      'Canceled by operator',
    ]);
    expect(await entriesOf(unpaid.id)).toEqual([]);
    expect((await pay(app, token, unpaid.id)).statusCode).toBe(409);

    await setTrainSettings(t.database.db, 1, { manual: true, notificationUrl: null });
    const before = await walletMinor();
    const order = await bookTrain(app, token);
    await pay(app, token, order.id);
    const back = orderOf(await call(app, token, 'DELETE', `${ORDERS}/${order.id}`));
    expect(back.status).toBe('canceled');
    expect(back.price.refundedAmount).toEqual(order.price.orderTotal);
    expect(await walletMinor()).toBe(before);
    const totalMinor = Math.round(Number(order.price.orderTotal.amount) * 100);
    expect(await entriesOf(order.id)).toEqual([
      { kind: 'origin-train', amount: -totalMinor },
      { kind: 'reimbursement', amount: totalMinor },
    ]);
    expect((await call(app, token, 'DELETE', `${ORDERS}/${order.id}`)).statusCode).toBe(409);
    // The supplier's seats are released by a job.
    await app.runDueJobs(later(1));
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    // The invariant sees an order whose money back differs from what it says it returned.
    await t.database.db.execute(
      sql`update train_orders set refunded_minor = refunded_minor - 1 where id = ${order.id}`,
    );
    expect(await ledgerViolations(t.database.db)).toEqual([
      `train order ${order.id} of ${totalMinor} took ${totalMinor} from the wallet and gave ${totalMinor} back`,
    ]);
  });

  it('fails an order the railway will not issue, with its money back', async () => {
    const token = await login(app, 'operator');
    const before = await walletMinor();
    const order = await bookTrain(app, token);
    await pay(app, token, order.id);
    await app.inject({
      method: 'POST',
      url: '/__test/rail-suppliers/sim-rail/faults',
      payload: { ticketRefused: true },
    });
    await app.runDueJobs(later(10));
    const failed = orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`));
    expect(failed).toMatchObject({ status: 'failed', statusColor: 'error' });
    // The railway's own words stay as they are, with no key.
    expect(notesOf(failed).at(-1)).toEqual([
      'failed',
      null,
      null,
      'The railway refused to issue the tickets',
    ]);
    expect(await walletMinor()).toBe(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('shows the text of an older timeline row that has no note key as it is', async () => {
    const token = await login(app, 'operator');
    const order = await bookTrain(app, token);
    const old = [{ status: 'to_be_paid', at: order.bookingTime, note: 'Booked by trainop' }];
    await t.database.db.execute(
      sql`update train_orders set timeline = ${JSON.stringify(old)}::jsonb where id = ${order.id}`,
    );
    const seen = orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`));
    expect(notesOf(seen)).toEqual([['to_be_paid', null, null, 'Booked by trainop']]);
  });

  it('cancels an unpaid order once its payment deadline passes', async () => {
    const token = await login(app, 'operator');
    const order = await bookTrain(app, token);
    expect(Date.parse(order.paymentDeadline ?? '')).toBeGreaterThan(Date.now() + 29 * 60_000);
    await app.runDueJobs(later(31));
    const expired = orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`));
    expect(expired.status).toBe('canceled');
    expect(notesOf(expired).at(-1)).toEqual([
      'canceled',
      'paymentDeadlinePassed',
      {},
      'Not paid before the payment deadline',
    ]);
  });
});

describe('train orders: refund', () => {
  it('refunds a ticketed order with the rail fee by time before departure, the rest back once', async () => {
    const token = await login(app, 'operator');
    const before = await walletMinor();
    // A train leaving in 26 to 46 hours (tomorrow, else the day after): the 10 % tier, per ticket.
    const order = await bookTrain(app, token, [idCardPassenger(), passportPassenger()], {
      date: trainDate(1),
      departsWithinHours: [26, 46],
    }).catch(() =>
      bookTrain(app, token, [idCardPassenger(), passportPassenger()], {
        date: trainDate(2),
        departsWithinHours: [26, 46],
      }),
    );
    await pay(app, token, order.id);
    await app.runDueJobs(later(10));
    const departure = new Date(order.train.departureUtc);
    const ticketed = orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`));
    expect(ticketed.status).toBe('ticketed');
    expect(ticketed.refundQuote).toMatchObject({ refundable: true, percent: 10 });
    const expectedFee = ticketed.passengers
      .map((p) => railRefundQuote(Math.round(Number(p.price.amount) * 100), departure, new Date()))
      .reduce((sum, q) => sum + (q.refundable ? q.feeMinor : 0), 0);
    expect(expectedFee).toBeGreaterThan(0);
    const totalMinor = Math.round(Number(order.price.orderTotal.amount) * 100);

    const refunded = orderOf(await call(app, token, 'POST', `${ORDERS}/${order.id}/refund`));
    expect(refunded).toMatchObject({ status: 'refunded', statusColor: 'success' });
    expect(Math.round(Number(refunded.price.refundFee?.amount) * 100)).toBe(expectedFee);
    expect(Math.round(Number(refunded.price.refundedAmount?.amount) * 100)).toBe(totalMinor - expectedFee);
    expect(await walletMinor()).toBe(before - expectedFee);
    expect(await entriesOf(order.id)).toEqual([
      { kind: 'origin-train', amount: -totalMinor },
      { kind: 'reimbursement', amount: totalMinor - expectedFee },
    ]);
    expect((await call(app, token, 'POST', `${ORDERS}/${order.id}/refund`)).statusCode).toBe(409);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('keeps the order ticketed when the railway refuses the refund', async () => {
    const token = await login(app, 'operator');
    const order = await bookTrain(app, token, [idCardPassenger()]);
    await pay(app, token, order.id);
    await app.runDueJobs(later(10));
    const before = await walletMinor();
    await app.inject({
      method: 'POST',
      url: '/__test/rail-suppliers/sim-rail/faults',
      payload: { refundRefused: true },
    });
    const refused = orderOf(await call(app, token, 'POST', `${ORDERS}/${order.id}/refund`));
    expect(refused.status).toBe('ticketed');
    expect(refused.price.refundFee).toBeNull();
    // The portal's own notes are keys with values (the web translates them); the railway's reason
    // stays as its text.
    expect(notesOf(refused)).toEqual([
      ['to_be_paid', 'bookedBy', { user: 'operator' }, 'Booked by operator'],
      ['proceeding', 'paidWithBalance', {}, 'Paid with the balance'],
      ['ticketed', null, null, null],
      ['refunding', 'refundAskedBy', { user: 'operator', percent: '0' }, 'Refund asked by operator; fee 0 %'],
      ['ticketed', null, null, 'The railway refused the refund'],
    ]);
    expect(await walletMinor()).toBe(before);
  });

  it('refuses a refund once the train has left', async () => {
    const token = await login(app, 'operator');
    const order = await bookTrain(app, token, [idCardPassenger()]);
    await pay(app, token, order.id);
    await app.runDueJobs(later(10));
    // The train left a minute ago.
    const left = new Date(Date.now() - 60_000).toISOString();
    await t.database.db.execute(
      sql`update train_orders set departure_at = ${left}::timestamptz,
        train = jsonb_set(train, '{departureUtc}', to_jsonb(${left}::text)) where id = ${order.id}`,
    );
    const departed = orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`));
    expect(departed.refundQuote).toEqual({ refundable: false, reason: 'departed' });
    expect(departed.allowedActions).toEqual([]);
    const res = await call(app, token, 'POST', `${ORDERS}/${order.id}/refund`);
    expect(res.statusCode).toBe(409);
  });
});

describe('train orders: when the railway never answers', () => {
  const silentRailway = () =>
    app.inject({
      method: 'POST',
      url: '/__test/rail-suppliers/sim-rail/faults',
      payload: { orderError: true },
    });
  /** Runs the due jobs every 3 minutes for two hours: past every retry of the runner's backoff. */
  async function jobsForTwoHours(): Promise<void> {
    for (let minutes = 3; minutes <= 120; minutes += 3) await app.runDueJobs(later(minutes));
  }
  const pendingJobs = async (kind: string, orderId: string) => {
    const [row] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from jobs
           where kind = ${kind} and done_at is null and payload->>'orderId' = ${orderId}`,
    );
    return row?.n ?? 0;
  };

  it('hands a paid order to the operators once ticketing gives up; they ticket it again or cancel it', async () => {
    const token = await login(app, 'operator');
    const order = await bookTrain(app, token, [idCardPassenger()]);
    const totalMinor = Math.round(Number(order.price.orderTotal.amount) * 100);
    const before = await walletMinor();
    expect((await pay(app, token, order.id)).statusCode).toBe(200);
    await silentRailway();
    await jobsForTwoHours();

    const handedOver = orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`));
    expect(handedOver.status).toBe('manual_ticketing');
    expect(notesOf(handedOver).at(-1)).toEqual([
      'manual_ticketing',
      'railwayNoAnswerTicketing',
      {},
      'The railway did not answer: ticket it again, or cancel it for the money back',
    ]);
    expect(handedOver.allowedActions).toEqual(expect.arrayContaining(['ticket', 'cancel']));
    expect(await pendingJobs('train-ticketing', order.id)).toBe(0);
    // Still paid: the railway may have issued without answering.
    expect(await walletMinor()).toBe(before - totalMinor);

    // The railway is back: the operator tickets it.
    await app.inject({ method: 'POST', url: '/__test/rail-suppliers/sim-rail/faults' });
    const ticketed = orderOf(await call(app, token, 'POST', `${ORDERS}/${order.id}/ticketing`));
    expect(ticketed.status).toBe('ticketed');

    // Another order handed over the same way is canceled with the whole amount back.
    const second = await bookTrain(app, token, [idCardPassenger()]);
    const secondMinor = Math.round(Number(second.price.orderTotal.amount) * 100);
    await pay(app, token, second.id);
    await silentRailway();
    await jobsForTwoHours();
    const paidBack = await walletMinor();
    const canceled = orderOf(await call(app, token, 'DELETE', `${ORDERS}/${second.id}`));
    expect(canceled.status).toBe('canceled');
    expect(await walletMinor()).toBe(paidBack + secondMinor);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('gives a refund back to the agent once the refund job gives up, with no money moved', async () => {
    const token = await login(app, 'operator');
    const order = await bookTrain(app, token, [idCardPassenger()]);
    await pay(app, token, order.id);
    await app.runDueJobs(later(10));
    expect(orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`)).status).toBe('ticketed');
    const before = await walletMinor();
    await silentRailway();
    const asked = await call(app, token, 'POST', `${ORDERS}/${order.id}/refund`);
    expect(orderOf(asked).status).toBe('refunding');
    await jobsForTwoHours();

    const back = orderOf(await call(app, token, 'GET', `${ORDERS}/${order.id}`));
    expect(back.status).toBe('ticketed');
    expect(back.price.refundFee).toBeNull();
    expect(notesOf(back).at(-1)).toEqual([
      'ticketed',
      'railwayNoAnswerRefund',
      {},
      'The railway did not answer the refund: ask it again',
    ]);
    expect(back.allowedActions).toContain('refund');
    expect(await pendingJobs('train-refund', order.id)).toBe(0);
    expect(await walletMinor()).toBe(before);
  });
});

describe('train orders: notification URL and tenants', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('posts the ticketed order to the train notification URL, signed', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: text });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await setTrainSettings(t.database.db, 1, {
      manual: false,
      notificationUrl: `http://127.0.0.1:${port}/trains`,
    });
    const token = await login(app, 'operator');
    const order = await bookTrain(app, token);
    await pay(app, token, order.id);
    await app.runDueJobs(later(10));
    // The ticketing job queued the delivery; the next run delivers it.
    await app.runDueJobs(later(11));
    expect(received).toHaveLength(1);
    const [hit] = received;
    const payload = JSON.parse(hit?.body ?? '{}') as Record<string, unknown>;
    expect(payload).toMatchObject({
      event: 'train.order.ticketed',
      orderId: order.id,
      bookingNumber: order.bookingNumber,
      status: 'ticketed',
      trainNumber: order.train.trainNumber,
    });
    expect(hit?.headers['x-portal-event']).toBe('train.ticketed');
    const secret = await webhookSecret(t.database.db, 1);
    const timestamp = String(hit?.headers['x-portal-timestamp']);
    expect(hit?.headers['x-portal-signature']).toBe(signWebhook(secret, timestamp, hit?.body ?? ''));
  });

  it("filters the list by the agency's calendar days", async () => {
    await setAgencyTimeZone(t.database.db, 1, 'Asia/Shanghai');
    const admin = await login(app, 'admin');
    const order = await bookTrain(app, admin);
    // Booked at 23:30 UTC on 30 November: 07:30 on 1 December in Shanghai.
    await t.database.db.execute(
      sql`update train_orders set created_at = '2025-11-30T23:30:00Z' where id = ${order.id}`,
    );
    const numbers = async (token: string, day: string) =>
      TrainOrderList.parse(
        body(await call(app, token, 'GET', `${ORDERS}?dateFrom=${day}&dateTo=${day}`)).data,
      ).list.map((o) => o.bookingNumber);
    expect(await numbers(admin, '2025-12-01')).toEqual([order.bookingNumber]);
    expect(await numbers(admin, '2025-11-30')).toEqual([]);
    await setAgencyTimeZone(t.database.db, 1, 'America/Los_Angeles');
    const losAngeles = await login(app, 'admin');
    expect(await numbers(losAngeles, '2025-11-30')).toEqual([order.bookingNumber]);
    expect(await numbers(losAngeles, '2025-12-01')).toEqual([]);
  });

  it("never shows an agency's train orders to another agency, nor another user's under only-own-orders", async () => {
    const admin = await login(app, 'admin');
    const order = await bookTrain(app, admin);
    const subop = await login(app, 'subop');
    for (const [method, url] of [
      ['GET', `${ORDERS}/${order.id}`],
      ['POST', `${ORDERS}/${order.id}/payment`],
      ['DELETE', `${ORDERS}/${order.id}`],
      ['POST', `${ORDERS}/${order.id}/ticketing`],
      ['POST', `${ORDERS}/${order.id}/refund`],
    ] as const) {
      const res = await call(
        app,
        subop,
        method,
        url,
        method === 'POST' && url.endsWith('payment') ? { channel: 'balance' } : undefined,
      );
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect(body<{ total: number }>(await call(app, subop, 'GET', ORDERS)).data.total).toBe(0);
    const partner = await login(app, 'partner');
    expect((await call(app, partner, 'GET', `${ORDERS}/${order.id}`)).statusCode).toBe(403);

    await t.database.db.execute(
      sql`update agencies set common_config = common_config || '{"onlyShowOwnOrders": true}'::jsonb where id = 1`,
    );
    const operator = await login(app, 'operator');
    expect((await call(app, operator, 'GET', `${ORDERS}/${order.id}`)).statusCode).toBe(404);
    expect(body<{ total: number }>(await call(app, operator, 'GET', ORDERS)).data.total).toBe(0);
    expect(body<{ total: number }>(await call(app, admin, 'GET', ORDERS)).data.total).toBe(1);
  });
});
