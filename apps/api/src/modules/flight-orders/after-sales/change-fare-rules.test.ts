import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { residentIdCheckChar } from '@portal/domain/document-types';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { FlightOrder } from '@portal/domain/flight-order';
import { ShoppingStarted, type Solution } from '@portal/domain/shopping';
import { bearer, body, login, useTestApp } from '../../../test/app';
import {
  adult,
  contact,
  createOrder,
  pickSolution,
  travelDate,
  UNLIMITED_BOOKINGS_AND_SEARCHES,
} from '../flight-orders.test-helpers';
import { flightOrders } from '../flight-orders.schema';
import { awaitFinished, oneWay, search } from '../../shopping/shopping.test-helpers';
import { afterTicketing, getOrder } from './after-sales.test-helpers';

/**
 * A change runs the booking's passenger and fare restriction checks on the new fare: the
 * simulated GDS's domestic senior fare (60 and over, resident ID card, Chinese nationals) refuses
 * at a change whom it refuses at booking, and takes whom it takes.
 */
const SLOW_MS = 90_000;
const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
let app: FastifyInstance;

beforeAll(async () => {
  app = await t.build({}, undefined, { limits: UNLIMITED_BOOKINGS_AND_SEARCHES });
});
afterEach(async () => {
  await app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
});

const post = (token: string, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { ...bearer(token), 'accept-language': 'en' }, payload });

const isSenior = (s: Solution) => s.restrictions.productType === 'senior' && s.restrictions.minAge === 60;

/** A 71-year-old Chinese national travelling on a resident ID card: the senior fare's passenger. */
function senior() {
  const first17 = '110105195506011234'.slice(0, 17);
  return adult({
    surname: 'LI',
    given_names: 'MING',
    birthday: '1955-06-01',
    travel_document: {
      type: 'idcard',
      interfaceType: 'national-id',
      number: `${first17}${residentIdCheckChar(first17) ?? '0'}`,
      expiryDate: '2040-01-01',
    },
  });
}

/** Books `passenger` on an unrestricted sim-gds fare, pays with the balance and tickets it. */
async function issued(token: string, passenger: object): Promise<FlightOrder> {
  const solution = await pickSolution(app, token, { supplier: 'sim-gds' });
  const res = await createOrder(app, token, {
    solutionId: solution.id,
    passengers: [passenger],
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

const everything = (order: FlightOrder) => ({
  passengerIds: order.passengers.map((p) => p.id),
  segmentIndexes: order.segments.map((_, i) => i),
});

/** A change search of the whole order on the first of the next days that offers the senior fare. */
async function seniorChange(token: string, order: FlightOrder) {
  for (let days = 47; days < 61; days += 1) {
    const res = await post(token, `/order/v2/flight/orders/${order.id}/change/search`, {
      selection: everything(order),
      reason: 0,
      legs: [{ legIndex: 0, date: travelDate(days) }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { searchId } = ShoppingStarted.parse(body(res).data);
    const solution = (await awaitFinished(app, token, searchId)).solutions.find(isSenior);
    if (solution) return { searchId, solution };
  }
  throw new Error('no senior fare on the order airline in two weeks');
}

const submit = (token: string, order: FlightOrder, searchId: string, solution: Solution) =>
  post(token, `/order/v2/flight/orders/${order.id}/change`, {
    changeSearchId: searchId,
    solutionId: solution.id,
    selection: everything(order),
    reason: 0,
  });

/** The booking's answer for `passenger` on a senior fare of the next days. */
async function bookSenior(token: string, passenger: object) {
  for (let days = 40; days < 54; days += 1) {
    const found = (await search(app, token, oneWay('PEK', 'SHA', travelDate(days)))).solutions.find(isSenior);
    if (found) {
      return createOrder(app, token, { solutionId: found.id, passengers: [passenger], contact: contact() });
    }
  }
  throw new Error('no senior fare in two weeks');
}

const changeOrders = (originalId: string) =>
  t.database.db
    .select({ id: flightOrders.id })
    .from(flightOrders)
    .where(and(eq(flightOrders.originalBookingId, originalId), eq(flightOrders.type, 'change')));

describe('change: the booking passenger and fare rules on the new fare', { timeout: SLOW_MS }, () => {
  it('refuses onto a fare whom booking refuses it (age, document), with the same errors, before the supplier is asked', async () => {
    const token = await login(app);
    const booking = await bookSenior(token, adult());
    expect(booking.statusCode).toBe(400);
    const bookingErrors = body<{ errors: { key: string }[] }>(booking).data.errors;
    expect(bookingErrors.map((e) => e.key)).toEqual(
      expect.arrayContaining(['passenger.documentType.notAllowed', 'passenger.age.notAllowed']),
    );

    const order = await issued(token, adult());
    const { searchId, solution } = await seniorChange(token, order);
    // A supplier asked would answer "sold out" (502): the refusal comes before it.
    const fault = await app.inject({
      method: 'POST',
      url: '/__test/suppliers/sim-gds/faults',
      payload: { soldOut: true },
    });
    expect(fault.statusCode).toBe(200);
    const refused = await submit(token, order, searchId, solution);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(body(refused)).toMatchObject({
      code: body(booking).code,
      message: ERROR_MESSAGES[ERRORS.PASSENGER_INVALID.key].en,
    });
    expect(body<{ errors: unknown[] }>(refused).data.errors).toEqual(bookingErrors);
    expect(await changeOrders(order.id)).toEqual([]);
    expect((await getOrder(app, token, order.id)).status).toBe('issued');
  });

  it('changes onto the fare a passenger it allows', async () => {
    const token = await login(app);
    const order = await issued(token, senior());
    const { searchId, solution } = await seniorChange(token, order);
    const res = await submit(token, order, searchId, solution);
    expect(res.statusCode, res.body).toBe(200);
    const change = FlightOrder.parse(body(res).data);
    expect(change).toMatchObject({ type: 'change', status: 'chg_reviewing', originalBookingId: order.id });
  });
});
