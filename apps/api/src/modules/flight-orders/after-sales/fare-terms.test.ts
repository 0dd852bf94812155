import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { FlightOrder } from '@portal/domain/flight-order';
import { ShoppingStarted, type Solution } from '@portal/domain/shopping';
import { addDays } from '../../../platform/time';
import { bearer, body, login, useTestApp } from '../../../test/app';
import {
  adult,
  contact,
  createOrder,
  travelDate,
  UNLIMITED_BOOKINGS_AND_SEARCHES,
} from '../flight-orders.test-helpers';
import { awaitFinished, oneWay, search } from '../../shopping/shopping.test-helpers';
import { afterTicketing, getOrder, issuedOrder } from './after-sales.test-helpers';
import { REFUND_REVIEW_DELAY_MS } from './refund';

/**
 * Quotes follow the terms each fare is published with: the same ticket asked about at the same
 * time is quoted the same; a low-cost fare that allows changes finds its airline's flights to
 * change to; one that does not is refused with its rule.
 */
const SLOW_MS = 120_000;
const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
/** The clock of the app: every request of this file is asked at the same instant. */
const NOW = new Date();
let app: FastifyInstance;

beforeAll(async () => {
  app = await t.build({}, () => NOW, { limits: UNLIMITED_BOOKINGS_AND_SEARCHES });
});

const post = (token: string, url: string, payload?: object, locale = 'en') =>
  app.inject({ method: 'POST', url, headers: { ...bearer(token), 'accept-language': locale }, payload });

const everything = (order: FlightOrder) => ({
  passengerIds: order.passengers.map((p) => p.id),
  segmentIndexes: order.segments.map((_, i) => i),
});

/** Books one adult on `solution`, pays with the balance and tickets it. */
async function issue(token: string, solution: Solution): Promise<FlightOrder> {
  const res = await createOrder(app, token, {
    solutionId: solution.id,
    passengers: [adult()],
    contact: contact(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const booked = FlightOrder.parse(body(res).data);
  const paid = await post(token, `/order/v2/flight/orders/${booked.id}/payment`, { channel: 'balance' });
  expect(paid.statusCode, paid.body).toBe(200);
  await app.runDueJobs(afterTicketing());
  const order = await getOrder(app, token, booked.id);
  expect(order.status).toBe('issued');
  return order;
}

/** The first low-cost fare of `family` from Shanghai Pudong to Guangzhou in the days from 40 on. */
async function lowCostFare(token: string, family: string): Promise<Solution> {
  for (let days = 40; days < 47; days += 1) {
    const found = (await search(app, token, oneWay('PVG', 'CAN', travelDate(days)))).solutions.find(
      (s) => s.supplier === 'sim-lcc' && s.fareFamily === family,
    );
    if (found) return found;
  }
  throw new Error(`no low-cost ${family} fare in a week`);
}

const changeSearch = (token: string, order: FlightOrder, date: string, locale = 'en') =>
  post(
    token,
    `/order/v2/flight/orders/${order.id}/change/search`,
    { selection: everything(order), reason: 0, legs: [{ legIndex: 0, date }] },
    locale,
  );

describe('after-sales quotes follow the fare terms', { timeout: SLOW_MS }, () => {
  it('quotes a refund of the same ticket at the same time the same, whichever request asks', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const quotes = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await post(token, `/order/v2/flight/orders/${order.id}/refund`, {
        selection: everything(order),
        reason: { value: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const refund = FlightOrder.parse(body(res).data);
      await app.runDueJobs(new Date(Date.now() + REFUND_REVIEW_DELAY_MS + 60_000));
      const quoted = await getOrder(app, token, refund.id);
      expect(quoted.status).toBe('rfd_to_be_confirm');
      quotes.push(quoted.afterSales?.quote);
      // Canceled: the tickets are free for the next request.
      const canceled = await app.inject({
        method: 'DELETE',
        url: `/order/v2/flight/orders/${refund.id}`,
        headers: bearer(token),
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
    }
    expect(quotes[0]).toBeDefined();
    expect(quotes[1]).toEqual(quotes[0]);
  });

  it('finds change options for a changeable low-cost fare on three dates', async () => {
    const token = await login(app);
    const fare = await lowCostFare(token, 'Basic');
    // Published before booking: changes for CNY 300 a segment until 24 h before departure.
    expect(fare.rules.terms?.change).toMatchObject({ per: 'segment', deadlineHours: 24 });
    expect(fare.rules.terms?.change.windows[0]).toMatchObject({ allowed: true });
    const order = await issue(token, fare);
    // The order's detail says so, for the screens to offer the voluntary reasons.
    expect(order.voluntaryAfterSales?.change).toBe('open');
    const departure = order.segments[0]?.departure.time.slice(0, 10) ?? '';
    for (const weeks of [1, 2, 3]) {
      const res = await changeSearch(token, order, addDays(departure, 7 * weeks));
      expect(res.statusCode, res.body).toBe(200);
      const { searchId } = ShoppingStarted.parse(body(res).data);
      const result = await awaitFinished(app, token, searchId);
      expect(result.solutions.length, `week ${weeks}`).toBeGreaterThan(0);
      expect(result.solutions.every((s) => s.validatingCarrier === fare.validatingCarrier)).toBe(true);
    }
  });

  it('refuses a change or voluntary refund of a low-cost fare that allows none, with the rule as the reason', async () => {
    const token = await login(app);
    const fare = await lowCostFare(token, 'Saver');
    expect(fare.rules.terms?.change.windows.every((w) => !w.allowed)).toBe(true);
    const order = await issue(token, fare);
    // Told before anything is asked: the screens disable the voluntary reasons and offer no Change.
    expect(order.voluntaryAfterSales).toEqual({ change: 'notAllowed', refund: 'notAllowed' });
    const date = addDays(order.segments[0]?.departure.time.slice(0, 10) ?? '', 7);
    const refused = await changeSearch(token, order, date);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(body(refused)).toMatchObject({
      code: ERRORS.CHANGE_NOT_ALLOWED.code,
      message: ERROR_MESSAGES[ERRORS.CHANGE_NOT_ALLOWED.key].en,
      data: {
        rule: {
          window: 'moreThan7Days',
          airlineWording: 'No changes',
          terms: { windows: expect.arrayContaining([expect.objectContaining({ allowed: false })]) },
        },
      },
    });
    const chinese = await changeSearch(token, order, date, 'zh-CN');
    expect(body(chinese).message).toBe(ERROR_MESSAGES[ERRORS.CHANGE_NOT_ALLOWED.key]['zh-cn']);
    // Nor a voluntary refund: refused at once with the refund rule, nothing stored.
    const refund = await post(token, `/order/v2/flight/orders/${order.id}/refund`, {
      selection: everything(order),
      reason: { value: 0 },
    });
    expect(refund.statusCode, refund.body).toBe(409);
    expect(body(refund)).toMatchObject({
      code: ERRORS.REFUND_NOT_ALLOWED.code,
      data: { rule: { airlineWording: 'Non-refundable', terms: { keeps: 'fare' } } },
    });
    const after = await getOrder(app, token, order.id);
    expect(after.status).toBe('issued');
    expect(after.relatedOrders).toEqual([]);
  });
});
