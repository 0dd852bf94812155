import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { FlightOrder } from '@portal/domain/flight-order';
import { ShoppingStarted } from '@portal/domain/shopping';
import { searches } from '../../shopping/index';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { travelDate, UNLIMITED_BOOKINGS_AND_SEARCHES } from '../flight-orders.test-helpers';
import { flightOrders } from '../flight-orders.schema';
import { awaitFinished } from '../../shopping/shopping.test-helpers';
import { flightDisruptions } from './after-sales.schema';
import { getOrder, issuedOrder } from './after-sales.test-helpers';
import { CHANGE_SEARCH_KIND } from './change-search';

/**
 * The change reason "airline schedule change" (spec §9 value 1) waives the supplier's change fee
 * and tells the desk the change is involuntary: it is taken only when the supplier recorded a
 * disruption or schedule change on the booking (or an order it was changed from).
 */
const SLOW_MS = 90_000;

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
let app: FastifyInstance;

beforeAll(async () => {
  app = await t.build({}, undefined, { limits: UNLIMITED_BOOKINGS_AND_SEARCHES });
});

const everything = (order: FlightOrder) => ({
  passengerIds: order.passengers.map((p) => p.id),
  segmentIndexes: order.segments.map((_, i) => i),
});

function startSearch(token: string, order: FlightOrder, reason: number, locale = 'en') {
  return app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${order.id}/change/search`,
    headers: { ...bearer(token), 'accept-language': locale },
    payload: { selection: everything(order), reason, legs: [{ legIndex: 0, date: travelDate(47) }] },
  });
}

/** A change search with `reason` run to its end; answers its id and cheapest alternative. */
async function searched(token: string, order: FlightOrder, reason: number) {
  const res = await startSearch(token, order, reason);
  expect(res.statusCode, res.body).toBe(200);
  const { searchId } = ShoppingStarted.parse(body(res).data);
  const [solution] = (await awaitFinished(app, token, searchId)).solutions;
  if (!solution) throw new Error('no alternative');
  return { searchId, solutionId: solution.id };
}

function requestChange(
  token: string,
  order: FlightOrder,
  found: { searchId: string; solutionId: string },
  locale = 'en',
) {
  return app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${order.id}/change`,
    headers: { ...bearer(token), 'accept-language': locale },
    payload: {
      changeSearchId: found.searchId,
      solutionId: found.solutionId,
      selection: everything(order),
      reason: 1,
    },
  });
}

/** The supplier records a schedule change on segment 0 of `order` (test hook). */
async function recordScheduleChange(orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/__test/disruptions',
    payload: { orderId, type: 'change', segmentIndex: 0, minutes: 95 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const changeSearchesOf = async (userId: number) =>
  (
    await t.database.db
      .select()
      .from(searches)
      .where(and(eq(searches.userId, userId), eq(searches.kind, CHANGE_SEARCH_KIND)))
  ).map((s) => s.id);

const changeOrdersOf = async (orderId: string) =>
  (await t.database.db.select().from(flightOrders).where(eq(flightOrders.originalBookingId, orderId))).filter(
    (o) => o.type === 'change',
  );

const refusal = (locale: 'en' | 'zh-cn') => ({
  code: 500014,
  message: ERROR_MESSAGES['afterSales.error.involuntaryChange'][locale],
});

describe('involuntary change reason', { timeout: SLOW_MS }, () => {
  it('refuses a change search with the airline reason when no disruption is on record, in the user’s language, writing nothing', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    expect(order.disruptionOnRecord).toBe(false);
    const [userId] = (
      await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, order.id))
    ).map((o) => o.userId);
    if (userId === undefined) throw new Error('no order row');
    const before = await changeSearchesOf(userId);

    for (const locale of ['en', 'zh-cn'] as const) {
      const res = await startSearch(token, order, 1, locale);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res)).toMatchObject(refusal(locale));
    }
    expect(await changeSearchesOf(userId)).toEqual(before);

    // A voluntary reason is searched as before.
    expect((await startSearch(token, order, 0)).statusCode).toBe(200);
    expect((await startSearch(token, order, 3)).statusCode).toBe(200);
  });

  it('refuses the change request with the airline reason when the disruption is no longer on record', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    await recordScheduleChange(order.id);
    const found = await searched(token, order, 1);
    // A search made while the disruption stood; the supplier's record is gone by the request.
    await t.database.db.delete(flightDisruptions).where(eq(flightDisruptions.orderId, order.id));
    expect((await getOrder(app, token, order.id)).disruptionOnRecord).toBe(false);

    for (const locale of ['en', 'zh-cn'] as const) {
      const res = await requestChange(token, order, found, locale);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res)).toMatchObject(refusal(locale));
    }
    expect(await changeOrdersOf(order.id)).toEqual([]);
  });

  it('takes the airline reason, with no supplier change fee, once the supplier recorded a schedule change', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    await recordScheduleChange(order.id);
    expect((await getOrder(app, token, order.id)).disruptionOnRecord).toBe(true);

    const res = await requestChange(token, order, await searched(token, order, 1));
    expect(res.statusCode, res.body).toBe(200);
    const change = FlightOrder.parse(body(res).data);
    expect(change.status).toBe('chg_reviewing');
    const [stored] = await changeOrdersOf(order.id);
    expect(stored?.afterSales?.changeReason).toBe(1);
    expect(stored?.afterSales?.quote?.changeFeeMinor).toBe(0);
  });
});
