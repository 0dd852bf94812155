import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLIGHT_SETTINGS } from '@portal/domain/agency-config';
import { FlightOrder } from '@portal/domain/flight-order';
import { ShoppingStarted, type Solution } from '@portal/domain/shopping';
import { agencies } from '../../agencies/index';
import { solutions } from '../../shopping/index';
import { buildApp } from '../../../app';
import { bearer, body, login, testConfig, useTestApp } from '../../../test/app';
import {
  adult,
  contact,
  createOrder,
  nextDocumentNumber,
  travelDate,
  UNLIMITED_BOOKINGS_AND_SEARCHES,
} from '../flight-orders.test-helpers';
import { flightOrders, type FlightOrderRow } from '../flight-orders.schema';
import { awaitFinished, oneWay, search } from '../../shopping/shopping.test-helpers';
import { solutionWritten } from '../../shopping/index';
import { journalEntries, ledgerAccounts } from '../../wallet/index';
import { notifications } from '../../notifications/index';
import { orderDocuments, ticketClaims } from './after-sales.schema';
import { afterTicketing, getOrder, loseAnswers } from './after-sales.test-helpers';
import { changeQuote, selectedShare } from './change';
import { requote } from './change-jobs';

/** Each case books, pays and tickets an order first: seconds, more on a busy machine. */
const SLOW_MS = 60_000;

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ ENABLE_TEST_HOOKS: 'true' }),
    database: t.database,
    limits: UNLIMITED_BOOKINGS_AND_SEARCHES,
  });
});

afterAll(async () => {
  await app.close();
});

afterEach(async () => {
  await app.inject({ method: 'DELETE', url: '/__test/after-sales/desk' });
  await app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
});

const post = (token: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });

const noticeKinds = async (orderId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.orderId, orderId))).map(
    (n) => n.kind,
  );

async function row(id: string): Promise<FlightOrderRow> {
  const [found] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, id));
  if (!found) throw new Error('no order');
  return found;
}

async function setDesk(change: object) {
  const res = await app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: { change } });
  expect(res.statusCode, res.body).toBe(200);
}

async function setChangeServiceFee(change: number) {
  await t.database.db
    .update(agencies)
    .set({ flightSettings: { ...DEFAULT_FLIGHT_SETTINGS, serviceFees: { change, refund: 0, void: 0 } } })
    .where(eq(agencies.id, 1));
}

const unrestricted = (s: Solution) =>
  s.restrictions.documentTypes.length === 0 &&
  s.restrictions.eligibleCountries.length === 0 &&
  s.restrictions.minAge === null &&
  s.restrictions.maxAge === null;

/** An issued order of `adults` adults on a fare whose rule allows changes for a fee. */
async function issuedChangeable(token: string, adults = 1): Promise<FlightOrder> {
  const extra = adults > 1 ? { passengers: { adult: adults, child: 0, infant: 0 } } : {};
  const result = await search(app, token, oneWay('PEK', 'SHA', travelDate(), extra));
  const solution = result.solutions.find(
    (s) => unrestricted(s) && s.rules.change.allowed && s.rules.change.fee !== null,
  );
  if (!solution) throw new Error('no changeable solution');
  const names = ['WEI', 'NA', 'FANG'];
  const res = await createOrder(app, token, {
    solutionId: solution.id,
    passengers: Array.from({ length: adults }, (_, i) =>
      adult({
        given_names: names[i] ?? 'MIN',
        travel_document: {
          type: 'passport',
          interfaceType: 'passport',
          number: nextDocumentNumber(),
          expiryDate: '2035-01-01',
        },
      }),
    ),
    contact: contact(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const booked = FlightOrder.parse(body(res).data);
  const paid = await post(token, `/order/v2/flight/orders/${booked.id}/payment`, { channel: 'balance' });
  expect(paid.statusCode, paid.body).toBe(200);
  await app.runDueJobs(afterTicketing());
  const issued = await getOrder(app, token, booked.id);
  expect(issued.status).toBe('issued');
  return issued;
}

const everything = (order: FlightOrder) => ({
  passengerIds: order.passengers.map((p) => p.id),
  segmentIndexes: order.segments.map((_, i) => i),
});

function searchBody(order: FlightOrder, days = 47, selection = everything(order)) {
  return { selection, reason: 0, legs: [{ legIndex: 0, date: travelDate(days) }] };
}

/** Starts a change search and waits for its solutions. */
async function changeSearch(token: string, order: FlightOrder, days = 47, selection = everything(order)) {
  const res = await post(
    token,
    `/order/v2/flight/orders/${order.id}/change/search`,
    searchBody(order, days, selection),
  );
  expect(res.statusCode, res.body).toBe(200);
  const { searchId } = ShoppingStarted.parse(body(res).data);
  const result = await awaitFinished(app, token, searchId);
  return { searchId, solutions: result.solutions };
}

/** Searches and submits a change to the cheapest alternative; answers the response. */
async function submitChange(
  token: string,
  order: FlightOrder,
  options: {
    selection?: ReturnType<typeof everything>;
    days?: number;
    key?: string;
    documentIds?: string[];
  } = {},
) {
  const selection = options.selection ?? everything(order);
  const { searchId, solutions } = await changeSearch(token, order, options.days, selection);
  const solution = solutions[0];
  if (!solution) throw new Error('no alternative');
  const res = await post(
    token,
    `/order/v2/flight/orders/${order.id}/change`,
    {
      changeSearchId: searchId,
      solutionId: solution.id,
      selection,
      reason: 0,
      ...(options.documentIds ? { documentIds: options.documentIds } : {}),
    },
    options.key ? { 'idempotency-key': options.key } : {},
  );
  return { res, solution, searchId };
}

async function requestedChange(token: string, order: FlightOrder, selection?: ReturnType<typeof everything>) {
  const { res } = await submitChange(token, order, selection ? { selection } : {});
  expect(res.statusCode, res.body).toBe(200);
  return FlightOrder.parse(body(res).data);
}

const liveClaims = (afterSalesOrderId: string) =>
  t.database.db
    .select()
    .from(ticketClaims)
    .where(and(eq(ticketClaims.afterSalesOrderId, afterSalesOrderId), isNull(ticketClaims.releasedAt)));

/** The desk review is due; runs it. */
const reviewed = () => app.runDueJobs(afterTicketing());
/** Runs what is due well after the desk review (the reissue, a payment deadline). */
const later = () => app.runDueJobs(new Date(Date.now() + 8 * 3_600_000));

const minor = (amount: string) => Math.round(Number(amount) * 100);

describe('change search', { timeout: SLOW_MS }, () => {
  it('finds the same route on the new date with the order supplier and airline, priced in the order currency', async () => {
    const token = await login(app);
    const order = await issuedChangeable(token);
    const stored = await row(order.id);
    const { solutions } = await changeSearch(token, order, 47);
    expect(solutions.length).toBeGreaterThan(0);
    for (const s of solutions) {
      expect(s.validatingCarrier).toBe(stored.offer.validatingCarrier);
      expect(s.legs).toHaveLength(1);
      expect(s.legs[0]?.segments[0]?.departure.time.slice(0, 10)).toBe(travelDate(47));
      expect(s.legs[0]?.segments[0]?.departure.airport).toBe(order.segments[0]?.departure.airport);
      expect(s.priceDetail.total.currency).toBe(stored.currency);
    }
  });

  it('refuses what the order does not allow: unpaid order, unknown passenger or leg, a past date, another agency', async () => {
    const token = await login(app);
    const order = await issuedChangeable(token);
    const url = `/order/v2/flight/orders/${order.id}/change/search`;

    const unknownPassenger = await post(token, url, {
      ...searchBody(order),
      selection: { passengerIds: ['nobody'], segmentIndexes: [0] },
    });
    expect(unknownPassenger.statusCode).toBe(400);
    expect(JSON.stringify(body(unknownPassenger).data)).toContain('selection.passengerIds.0');

    const unknownLeg = await post(token, url, {
      ...searchBody(order),
      legs: [{ legIndex: 3, date: travelDate(47) }],
    });
    expect(unknownLeg.statusCode).toBe(400);
    expect(JSON.stringify(body(unknownLeg).data)).toContain('legs.0.legIndex');

    const past = await post(token, url, {
      ...searchBody(order),
      legs: [{ legIndex: 0, date: '2020-01-01' }],
    });
    expect(past.statusCode).toBe(400);
    expect(body(past).code).toBe(400001);

    const other = await login(app, 'partner');
    expect((await post(other, url, searchBody(order))).statusCode).toBe(404);

    // A booking not yet paid has no tickets to change.
    const result = await search(app, token, oneWay('PEK', 'SHA', travelDate()));
    const unpaid = await createOrder(app, token, {
      solutionId: result.solutions.find(unrestricted)?.id,
      passengers: [adult()],
      contact: contact(),
    });
    const unpaidOrder = FlightOrder.parse(body(unpaid).data);
    const refused = await post(
      token,
      `/order/v2/flight/orders/${unpaidOrder.id}/change/search`,
      searchBody(unpaidOrder),
    );
    expect(refused.statusCode).toBe(409);
    expect(body(refused).code).toBe(500002);
  });
});

describe('change request', { timeout: SLOW_MS }, () => {
  it('creates a change order in chg_reviewing linked to the original, with the quote of the selected tickets', async () => {
    await setChangeServiceFee(2500);
    const token = await login(app);
    const order = await issuedChangeable(token);
    const original = await row(order.id);
    const { res, solution } = await submitChange(token, order);
    expect(res.statusCode, res.body).toBe(200);
    const change = FlightOrder.parse(body(res).data);
    expect(change.type).toBe('change');
    expect(change.status).toBe('chg_reviewing');
    expect(change.originalBookingId).toBe(order.id);
    expect(change.passengers.map((p) => p.id)).toEqual(order.passengers.map((p) => p.id));
    expect(change.allowedActions).toEqual(['cancel-change']);

    // The quote, computed here from the prices shown: new fare − old fare, likewise taxes.
    const fareOf = (e: { salePrice: string; tax: string; fuelSurcharge: string; airportTax: string }) => ({
      fare: minor(e.salePrice) - minor(e.tax) - minor(e.fuelSurcharge) - minor(e.airportTax),
      taxes: minor(e.tax) + minor(e.fuelSurcharge) + minor(e.airportTax),
    });
    const [oldEntry] = original.solution.priceDetail.priceList;
    const [newEntry] = solution.priceDetail.priceList;
    if (!oldEntry || !newEntry) throw new Error('no prices');
    const oldPrice = fareOf(oldEntry);
    const newPrice = fareOf(newEntry);
    const changeFee = original.offer.rules.change.fee ?? 0;
    const stored = await row(change.id);
    const quote = stored.afterSales?.quote;
    expect(quote).toMatchObject({
      currency: 'CNY',
      priceDifferenceMinor: newPrice.fare - oldPrice.fare,
      taxDifferenceMinor: newPrice.taxes - oldPrice.taxes,
      changeFeeMinor: changeFee,
      serviceFeeMinor: 2500,
      refundFeeMinor: 0,
      refundableTotalMinor: 0,
    });
    const sum = newPrice.fare - oldPrice.fare + newPrice.taxes - oldPrice.taxes + changeFee + 2500;
    expect(quote?.amountDueMinor).toBe(Math.max(0, sum));
    expect(stored.orderTotalMinor).toBe(Math.max(0, sum));
    expect(stored.pnr).toBe(original.pnr);
    expect(stored.solution.legs[0]?.segments[0]?.departure.time.slice(0, 10)).toBe(travelDate(47));

    // The original stays issued; its ticket is claimed by the change.
    expect((await getOrder(app, token, order.id)).status).toBe('issued');
    expect(await liveClaims(change.id)).toHaveLength(order.segments.length);
  });

  it('answers the same change once for a repeated Idempotency-Key', async () => {
    const token = await login(app);
    const order = await issuedChangeable(token);
    const { res, solution, searchId } = await submitChange(token, order, { key: 'chg-1' });
    expect(res.statusCode, res.body).toBe(200);
    const again = await post(
      token,
      `/order/v2/flight/orders/${order.id}/change`,
      { changeSearchId: searchId, solutionId: solution.id, selection: everything(order), reason: 0 },
      { 'idempotency-key': 'chg-1' },
    );
    expect(again.statusCode).toBe(200);
    expect(body<{ id: string }>(again).data.id).toBe(body<{ id: string }>(res).data.id);
    const changes = await t.database.db
      .select()
      .from(flightOrders)
      .where(eq(flightOrders.originalBookingId, order.id));
    expect(changes).toHaveLength(1);
  });

  it('refuses a ticket already in a refund and a second change of the same ticket', async () => {
    const token = await login(app);
    const order = await issuedChangeable(token, 2);
    const [first, second] = order.passengers;
    const segments = order.segments.map((_, i) => i);
    const refund = await post(token, `/order/v2/flight/orders/${order.id}/refund`, {
      selection: { passengerIds: [first?.id], segmentIndexes: segments },
      reason: { value: 0 },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const refunded = { passengerIds: [first?.id ?? ''], segmentIndexes: segments };
    const searchRefused = await post(
      token,
      `/order/v2/flight/orders/${order.id}/change/search`,
      searchBody(order, 47, refunded),
    );
    expect(searchRefused.statusCode).toBe(409);
    expect(body(searchRefused).code).toBe(500010);

    // The other passenger can change; a second change of that ticket is refused.
    const free = { passengerIds: [second?.id ?? ''], segmentIndexes: segments };
    await requestedChange(token, order, free);
    const direct = await post(
      token,
      `/order/v2/flight/orders/${order.id}/change/search`,
      searchBody(order, 48, free),
    );
    expect(direct.statusCode).toBe(409);
    expect(body(direct).code).toBe(500010);
  });

  it('takes a solution only from its own change search of this order, for the tickets searched', async () => {
    const token = await login(app);
    const order = await issuedChangeable(token, 2);
    const other = await issuedChangeable(token);
    const mine = await changeSearch(token, order, 47);
    const theirs = await changeSearch(token, other, 47);
    const shopping = await search(app, token, oneWay('PEK', 'SHA', travelDate(47)));
    const submit = (payload: object) =>
      post(token, `/order/v2/flight/orders/${order.id}/change`, {
        changeSearchId: mine.searchId,
        solutionId: mine.solutions[0]?.id,
        selection: everything(order),
        reason: 0,
        ...payload,
      });
    const codeOf = async (payload: object) => body(await submit(payload)).code;
    // A solution of another search, a search of another order, a plain shopping search.
    expect(await codeOf({ solutionId: theirs.solutions[0]?.id })).toBe(400003);
    expect(await codeOf({ changeSearchId: theirs.searchId, solutionId: theirs.solutions[0]?.id })).toBe(
      400002,
    );
    const shopped = shopping.solutions[0]?.id;
    await solutionWritten(t.database.db, shopped ?? '');
    const [started] = await t.database.db
      .select()
      .from(solutions)
      .where(eq(solutions.id, shopped ?? ''));
    expect(await codeOf({ changeSearchId: started?.searchId, solutionId: shopped })).toBe(400002);
    // Not the tickets or the reason the search was made for.
    const one = { passengerIds: [order.passengers[0]?.id ?? ''], segmentIndexes: [0] };
    const narrowed = await submit({ selection: one });
    expect(narrowed.statusCode).toBe(400);
    expect(JSON.stringify(body(narrowed).data)).toContain('"path":"selection"');
    expect(await codeOf({ reason: 3 })).toBe(100001);
    // Another user of the agency cannot use the agent's search.
    const operator = await login(app, 'operator');
    const foreign = await post(operator, `/order/v2/flight/orders/${order.id}/change`, {
      changeSearchId: mine.searchId,
      solutionId: mine.solutions[0]?.id,
      selection: everything(order),
      reason: 0,
    });
    expect(body(foreign).code).toBe(400002);
    expect(await submit({})).toMatchObject({ statusCode: 200 });
  });

  it('a changed price at the supplier answers 409 with the new solution, which is then accepted', async () => {
    const token = await login(app);
    const order = await issuedChangeable(token);
    const stored = await row(order.id);
    const found = await changeSearch(token, order, 47);
    const faults = (payload: object) =>
      app.inject({ method: 'POST', url: `/__test/suppliers/${stored.supplier}/faults`, payload });
    expect((await faults({ priceChange: 10 })).statusCode).toBe(200);
    const submit = (solutionId: string | undefined) =>
      post(token, `/order/v2/flight/orders/${order.id}/change`, {
        changeSearchId: found.searchId,
        solutionId,
        selection: everything(order),
        reason: 0,
      });
    const changed = await submit(found.solutions[0]?.id);
    await faults({});
    expect(changed.statusCode, changed.body).toBe(409);
    const answer = body<{ outcome: string; solution: Solution | null }>(changed);
    expect(answer.code).toBe(500004);
    expect(answer.data.outcome).toBe('price_changed');
    expect(answer.data.solution?.id).not.toBe(found.solutions[0]?.id);
    expect(await t.database.db.select().from(ticketClaims).where(eq(ticketClaims.orderId, order.id))).toEqual(
      [],
    );
    const accepted = await submit(answer.data.solution?.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const change = await row(body<{ id: string }>(accepted).data.id);
    expect(change.solution.priceDetail.total).toEqual(answer.data.solution?.priceDetail.total);
  });
});

describe('desk review and reissue', { timeout: SLOW_MS }, () => {
  it('money due: chg_to_be_paid with a deadline; paid with balance: chg_proceeding, then changed with new tickets', async () => {
    await setDesk({ changeFee: 10_000, fareMove: 5_000 });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    const submitted = (await row(change.id)).afterSales?.quote;
    await reviewed();
    const quoted = await row(change.id);
    expect(quoted.status).toBe('chg_to_be_paid');
    expect(quoted.afterSales?.quote?.changeFeeMinor).toBe(10_000);
    expect(quoted.afterSales?.quote?.priceDifferenceMinor).toBe(
      (submitted?.priceDifferenceMinor ?? 0) + 5_000,
    );
    expect(quoted.orderTotalMinor).toBe(quoted.afterSales?.quote?.amountDueMinor);
    expect(quoted.orderTotalMinor).toBeGreaterThan(0);
    expect(quoted.paymentDeadline).not.toBeNull();
    const presented = await getOrder(app, token, change.id);
    expect(presented.allowedActions).toEqual(['pay', 'cancel-change']);

    const paid = await post(token, `/order/v2/flight/orders/${change.id}/payment`, { channel: 'balance' });
    expect(paid.statusCode, paid.body).toBe(200);
    const proceeding = await row(change.id);
    expect(proceeding.status).toBe('chg_proceeding');
    const [debit] = await t.database.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.orderId, change.id), eq(journalEntries.kind, 'change-flight')));
    expect(debit).toBeDefined();
    await later();
    const changed = await row(change.id);
    expect(changed.status).toBe('changed');
    const oldTickets = (await row(order.id)).passengers.flatMap((p) => p.ticketNumbers);
    const newTickets = changed.passengers.flatMap((p) => p.ticketNumbers);
    expect(newTickets).toHaveLength(1);
    expect(newTickets).not.toEqual(oldTickets);
    expect(changed.ticketNumbers).toBe(newTickets.join('|'));
    // No void of a change: no issue time or void window.
    expect(changed.issuedAt).toBeNull();
    expect(changed.voidDeadline).toBeNull();
    const after = await getOrder(app, token, change.id);
    expect(after.allowedActions).toEqual(['change', 'refund']);
    // The original keeps its claims: the changed ticket lives on the change order now.
    expect(await liveClaims(change.id)).toHaveLength(order.segments.length);
    expect((await row(order.id)).status).toBe('issued');
  });

  /** A change approved with nothing to pay, after the desk's review: chg_proceeding, its reissue queued. */
  async function approvedFreeChange() {
    await setChangeServiceFee(0);
    await setDesk({ changeFee: 0, fareMove: -100_000_000 });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    await reviewed();
    return { token, order, change };
  }

  it('a reissue that gets no answer is asked again, and the change completes once the supplier answers', async () => {
    const { change } = await approvedFreeChange();
    expect((await row(change.id)).status).toBe('chg_proceeding');
    await loseAnswers(app, ['reissue']);
    try {
      await later();
      // The airline may have reissued: the change waits, nothing is given back.
      expect((await row(change.id)).status).toBe('chg_proceeding');
    } finally {
      await loseAnswers(app, []);
    }
    await app.runDueJobs(new Date(Date.now() + 12 * 3_600_000));
    expect((await row(change.id)).status).toBe('changed');
  });

  it('nothing due: chg_proceeding, the reissue queued by the review; the changed order can be changed again', async () => {
    const { token, change } = await approvedFreeChange();
    const approved = await row(change.id);
    expect(approved.status).toBe('chg_proceeding');
    expect(approved.orderTotalMinor).toBe(0);
    expect(approved.afterSales?.quote?.amountDueMinor).toBe(0);
    await later();
    expect((await row(change.id)).status).toBe('changed');
    const changed = await getOrder(app, token, change.id);
    const again = await requestedChange(token, changed);
    expect(again.originalBookingId).toBe(change.id);
  });

  it('rejected by the desk: chg_rejected with the reason, tickets free again', async () => {
    await setDesk({ decision: 'reject' });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    await reviewed();
    const rejected = await row(change.id);
    expect(rejected.status).toBe('chg_rejected');
    expect(rejected.afterSales?.rejectReason).toBe('The airline refused the change');
    expect((await getOrder(app, token, change.id)).allowedActions).toEqual([]);
    expect(await liveClaims(change.id)).toHaveLength(0);
    await app.inject({ method: 'DELETE', url: '/__test/after-sales/desk' });
    await requestedChange(token, order);
  });

  it('reissue failure: change_failed, what was paid back to the wallet, tickets free again', async () => {
    await setChangeServiceFee(3000);
    await setDesk({ reissue: 'fail', fareMove: 1000 });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    await reviewed();
    const quoted = await row(change.id);
    expect(quoted.status).toBe('chg_to_be_paid');
    const balance = async () => {
      const [wallet] = await t.database.db
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.agencyId, 1),
            eq(ledgerAccounts.kind, 'agency_wallet'),
            eq(ledgerAccounts.currency, quoted.currency),
          ),
        );
      return wallet?.balanceMinor;
    };
    const before = await balance();
    const paid = await post(token, `/order/v2/flight/orders/${change.id}/payment`, { channel: 'balance' });
    expect(paid.statusCode, paid.body).toBe(200);
    await later();
    const failed = await row(change.id);
    expect(failed.status).toBe('change_failed');
    expect(await noticeKinds(change.id)).toContain('change.failed');
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, change.id), eq(notifications.kind, 'change.failed')));
    expect(notice?.params).toMatchObject({ moneyTo: 'wallet' });
    const [back] = await t.database.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.orderId, change.id), eq(journalEntries.kind, 'reimbursement')));
    expect(back).toBeDefined();
    expect(await balance()).toEqual(before);
    expect(await liveClaims(change.id)).toHaveLength(0);
  });

  it('reissue held by the airline: change_holding, asked again later, then changed', async () => {
    await setChangeServiceFee(0);
    await setDesk({ changeFee: 0, fareMove: -100_000_000, reissue: 'pending' });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    await reviewed();
    await later();
    expect((await row(change.id)).status).toBe('change_holding');
    await setDesk({ reissue: 'ok' });
    await app.runDueJobs(new Date(Date.now() + 24 * 3_600_000));
    expect((await row(change.id)).status).toBe('changed');
  });

  it('unpaid at the payment deadline: change_canceled, tickets free again', async () => {
    await setDesk({ changeFee: 10_000 });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    await reviewed();
    expect((await row(change.id)).status).toBe('chg_to_be_paid');
    await later();
    expect((await row(change.id)).status).toBe('change_canceled');
    expect(await liveClaims(change.id)).toHaveLength(0);
    expect(await noticeKinds(change.id)).toContain('change.canceled');
  });
});

describe('cancel change', { timeout: SLOW_MS }, () => {
  it('cancels in chg_reviewing (the review then does nothing) and in chg_to_be_paid; not once paid', async () => {
    await setDesk({ changeFee: 10_000 });
    const token = await login(app);
    const order = await issuedChangeable(token, 2);
    const [a, b] = order.passengers;
    const segments = order.segments.map((_, i) => i);
    const first = await requestedChange(token, order, {
      passengerIds: [a?.id ?? ''],
      segmentIndexes: segments,
    });
    const cancel = (id: string) =>
      app.inject({ method: 'DELETE', url: `/order/v2/flight/orders/${id}`, headers: bearer(token) });
    const canceled = await cancel(first.id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(body<{ status: string }>(canceled).data.status).toBe('change_canceled');
    expect(await liveClaims(first.id)).toHaveLength(0);
    expect(await noticeKinds(first.id)).toContain('change.canceled');

    const second = await requestedChange(token, order, {
      passengerIds: [b?.id ?? ''],
      segmentIndexes: segments,
    });
    await reviewed();
    expect((await row(first.id)).status).toBe('change_canceled');
    expect((await row(second.id)).status).toBe('chg_to_be_paid');
    expect((await cancel(second.id)).statusCode).toBe(200);
    expect((await row(second.id)).status).toBe('change_canceled');
    expect((await cancel(second.id)).statusCode).toBe(409);
    // Both tickets can be changed again.
    await requestedChange(token, order);
  });
});

describe('refused moves and concurrent requests', { timeout: SLOW_MS }, () => {
  it('refuses what the change table does not allow in each status', async () => {
    await setDesk({ changeFee: 10_000 });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    const pay = () => post(token, `/order/v2/flight/orders/${change.id}/payment`, { channel: 'balance' });
    const cancel = () =>
      app.inject({ method: 'DELETE', url: `/order/v2/flight/orders/${change.id}`, headers: bearer(token) });
    const changeSearchOf = async () => {
      const current = await getOrder(app, token, change.id);
      return post(token, `/order/v2/flight/orders/${change.id}/change/search`, searchBody(current, 50));
    };
    const codeOf = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      return [r.statusCode, (JSON.parse(r.body) as { code: number }).code];
    };

    // chg_reviewing: no payment before the desk has quoted; not changed again before it is changed.
    expect(await codeOf(pay())).toEqual([409, 500002]);
    expect(await codeOf(changeSearchOf())).toEqual([409, 500002]);
    await reviewed();
    // chg_to_be_paid: paid once; then neither canceled nor paid again.
    expect((await pay()).statusCode).toBe(200);
    expect((await row(change.id)).status).toBe('chg_proceeding');
    expect(await codeOf(cancel())).toEqual([409, 500002]);
    expect(await codeOf(pay())).toEqual([409, 500002]);
    expect(await codeOf(changeSearchOf())).toEqual([409, 500002]);
    await later();
    // changed: a final status; its tickets can be changed, not canceled or paid.
    expect((await row(change.id)).status).toBe('changed');
    expect(await codeOf(cancel())).toEqual([409, 500002]);
    expect(await codeOf(pay())).toEqual([409, 500002]);
    expect((await changeSearchOf()).statusCode).toBe(200);
  });

  it('a payment after the deadline is refused and the change is canceled', async () => {
    await setDesk({ changeFee: 10_000 });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    await reviewed();
    const quoted = await row(change.id);
    const deadline = quoted.paymentDeadline?.getTime() ?? 0;
    expect(deadline).toBeGreaterThan(Date.now());
    // Just before the deadline nothing happens; at it, the job cancels.
    await app.runDueJobs(new Date(deadline - 1000));
    expect((await row(change.id)).status).toBe('chg_to_be_paid');
    await app.runDueJobs(new Date(deadline));
    expect((await row(change.id)).status).toBe('change_canceled');
    const paid = await post(token, `/order/v2/flight/orders/${change.id}/payment`, { channel: 'balance' });
    expect(paid.statusCode).toBe(409);
  });

  it('a reissue held and then failing ends change_failed with the money back', async () => {
    await setDesk({ changeFee: 10_000, reissue: 'pending' });
    const token = await login(app);
    const order = await issuedChangeable(token);
    const change = await requestedChange(token, order);
    await reviewed();
    expect(
      (await post(token, `/order/v2/flight/orders/${change.id}/payment`, { channel: 'balance' })).statusCode,
    ).toBe(200);
    await later();
    expect((await row(change.id)).status).toBe('change_holding');
    await setDesk({ reissue: 'fail' });
    await app.runDueJobs(new Date(Date.now() + 24 * 3_600_000));
    const failed = await row(change.id);
    expect(failed.status).toBe('change_failed');
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.orderId, change.id), eq(journalEntries.kind, 'reimbursement')));
    expect(entries).toHaveLength(1);
    expect(await liveClaims(change.id)).toHaveLength(0);
  });

  it('two change requests for one ticket at once: one is accepted, the other refused', async () => {
    const token = await login(app);
    const order = await issuedChangeable(token);
    const first = await changeSearch(token, order, 47);
    const second = await changeSearch(token, order, 48);
    const submit = (found: { searchId: string; solutions: Solution[] }) =>
      post(token, `/order/v2/flight/orders/${order.id}/change`, {
        changeSearchId: found.searchId,
        solutionId: found.solutions[0]?.id,
        selection: everything(order),
        reason: 0,
      });
    const answers = await Promise.all([submit(first), submit(second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map((a) => body(a).code).sort()).toEqual([0, 500010]);
    const changes = await t.database.db
      .select()
      .from(flightOrders)
      .where(eq(flightOrders.originalBookingId, order.id));
    expect(changes).toHaveLength(1);
  });

  it('attaches uploaded documents; a document of another order refuses the request and writes nothing', async () => {
    const token = await login(app);
    const order = await issuedChangeable(token);
    const other = await issuedChangeable(token);
    const upload = async (orderId: string) => {
      const boundary = '----change-docs';
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notice.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({
        method: 'POST',
        url: `/order/v2/flight/orders/${orderId}/documents`,
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [doc] = body<{ id: string }[]>(res).data;
      if (!doc) throw new Error('no document');
      return doc.id;
    };
    const foreign = await upload(other.id);
    const refused = await submitChange(token, order, { documentIds: [foreign] });
    expect(refused.res.statusCode).toBe(400);
    expect(body(refused.res).code).toBe(800006);
    expect(
      await t.database.db.select().from(flightOrders).where(eq(flightOrders.originalBookingId, order.id)),
    ).toEqual([]);
    expect(await t.database.db.select().from(ticketClaims).where(eq(ticketClaims.orderId, order.id))).toEqual(
      [],
    );

    const own = await upload(order.id);
    const { res } = await submitChange(token, order, { documentIds: [own] });
    expect(res.statusCode, res.body).toBe(200);
    const change = FlightOrder.parse(body(res).data);
    const [doc] = await t.database.db.select().from(orderDocuments).where(eq(orderDocuments.id, own));
    expect(doc?.afterSalesOrderId).toBe(change.id);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, change.id), eq(notifications.kind, 'change.requested')));
    expect(notices.length).toBeGreaterThan(0);
  });
});

describe('quote arithmetic', () => {
  const order = {
    currency: 'CNY',
    passengers: [
      { id: 'a', type: 'adult' },
      { id: 'c', type: 'child' },
    ],
    solution: {
      legs: [{ segments: [{}, {}] }, { segments: [{}] }],
      priceDetail: {
        priceList: [
          {
            passengerType: 'adult',
            salePrice: '1000.01',
            tax: '50.00',
            fuelSurcharge: '20.00',
            airportTax: '0.00',
          },
          {
            passengerType: 'child',
            salePrice: '500.00',
            tax: '25.00',
            fuelSurcharge: '0.00',
            airportTax: '0.00',
          },
        ],
      },
    },
    offer: { rules: { change: { allowed: true, fee: 10_050, note: '' } } },
  } as unknown as FlightOrderRow;
  const newSolution = {
    priceDetail: {
      priceList: [
        {
          passengerType: 'adult',
          salePrice: '800.00',
          tax: '40.00',
          fuelSurcharge: '20.00',
          airportTax: '0.00',
        },
      ],
    },
  } as unknown as Solution;

  it('splits a passenger fare evenly over the segments, the earlier ones taking the odd cent', () => {
    // Adult fare 930.01 over three segments: 310.01, 310.00, 310.00; taxes 70.00: 23.34, 23.33, 23.33.
    expect(selectedShare(order, { passengerIds: ['a'], segmentIndexes: [0] })).toEqual({
      fare: 31_001,
      taxes: 2_334,
    });
    expect(selectedShare(order, { passengerIds: ['a'], segmentIndexes: [1, 2] })).toEqual({
      fare: 62_000,
      taxes: 4_666,
    });
  });

  it('charges the new fare less the old share, the fee per passenger and the service fee once; never below zero', () => {
    const quote = changeQuote({
      order,
      selection: { passengerIds: ['a'], segmentIndexes: [2] },
      reason: 0,
      newSolution,
      orderPerCny: '1',
      changeFeeCny: 10_050,
      serviceFeeMinor: 1_500,
    });
    expect(quote).toMatchObject({
      priceDifferenceMinor: 74_000 - 31_000,
      taxDifferenceMinor: 6_000 - 2_333,
      changeFeeMinor: 10_050,
      serviceFeeMinor: 1_500,
      amountDueMinor: 43_000 + 3_667 + 10_050 + 1_500,
      paidMinor: 31_000 + 2_333,
    });
    // An airline schedule change (reason 1) has no supplier fee.
    const involuntary = changeQuote({
      order,
      selection: { passengerIds: ['a'], segmentIndexes: [2] },
      reason: 1,
      newSolution,
      orderPerCny: '1',
      changeFeeCny: 10_050,
      serviceFeeMinor: 0,
    });
    expect(involuntary.changeFeeMinor).toBe(0);
    // A much cheaper flight is not refunded.
    const cheaper = requote(quote, { changeFee: 0, fareMove: -1_000_000 }, 1, '1');
    expect(cheaper.priceDifferenceMinor).toBe(43_000 - 1_000_000);
    expect(cheaper.amountDueMinor).toBe(0);
    // The desk's fee in CNY is converted to the order currency, rounded up.
    const usd = requote({ ...quote, currency: 'USD' }, { changeFee: 10_000, fareMove: 0 }, 2, '0.1385');
    expect(usd.changeFeeMinor).toBe(1_385 * 2);
  });
});
