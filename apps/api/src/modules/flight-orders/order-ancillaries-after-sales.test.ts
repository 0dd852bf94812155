import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SolutionAncillaries } from '@portal/domain/ancillaries';
import { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../test/app';
import { ticketShares } from './after-sales/claims';
import { REFUND_REVIEW_DELAY_MS } from './after-sales/refund';
import { afterTicketing, getOrder } from './after-sales/after-sales.test-helpers';
import type { FlightOrderRow } from './flight-orders.schema';
import { adult, contact, createOrder, pickSolution } from './flight-orders.test-helpers';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
const minor = (amount: string) => Math.round(Number(amount) * 100);

/** One adult booked with a paid seat on the first segment and a bag, paid and issued. */
async function issuedWithExtras(token: string) {
  const solution = await pickSolution(t.app, token);
  const read = await t.app.inject({
    url: `/shopping/v2/flight/solutions/${solution.id}/ancillaries`,
    headers: bearer(token),
  });
  const offer = SolutionAncillaries.parse(body(read).data);
  const seat = offer.seatMaps[0]?.rows
    .flatMap((r) => r.seats)
    .find((s) => s?.available && minor(s.price.amount) > 0);
  const bag = offer.bags[0];
  if (!seat || !bag) throw new Error('no seat or bag');
  const res = await createOrder(t.app, token, {
    solutionId: solution.id,
    passengers: [adult()],
    contact: contact(),
    ancillaries: [
      {
        passengerIndex: 0,
        seats: [{ segmentIndex: 0, designator: seat.designator }],
        bags: [{ serviceId: bag.id, quantity: 1 }],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const booked = FlightOrder.parse(body(res).data);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${booked.id}/payment`,
    headers: bearer(token),
    payload: { channel: 'balance' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.app.runDueJobs(afterTicketing());
  const issued = await getOrder(t.app, token, booked.id);
  expect(issued.status).toBe('issued');
  return { issued, extras: minor(seat.price.amount) + minor(bag.price.amount) };
}

describe('seats and bags after booking', () => {
  it('a void returns the seats and bags in full and marks them voided', async () => {
    const token = await login(t.app);
    const { issued } = await issuedWithExtras(token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${issued.id}/void`,
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const voiding = FlightOrder.parse(body(res).data);
    expect(voiding.afterSales?.quote?.paid).toEqual(issued.price.orderTotal);
    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    const original = await getOrder(t.app, token, issued.id);
    expect(original.ancillaries?.map((a) => a.status)).toEqual(['voided', 'voided']);
  });
});

describe('a refund with seats and bags', () => {
  it('returns the seats and bags of the refunded ticket-segments with them, and marks them refunded', async () => {
    const token = await login(t.app);
    await t.app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: {} });
    const { issued, extras } = await issuedWithExtras(token);
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const requested = await post(`/order/v2/flight/orders/${issued.id}/refund`, {
      selection: {
        passengerIds: issued.passengers.map((p) => p.id),
        segmentIndexes: issued.segments.map((_, i) => i),
      },
      reason: { value: 0 },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const refund = FlightOrder.parse(body(requested).data);
    await t.app.runDueJobs(new Date(Date.now() + REFUND_REVIEW_DELAY_MS + 60_000));
    const quoted = await getOrder(t.app, token, refund.id);
    expect(quoted.status).toBe('rfd_to_be_confirm');
    // What was paid for the tickets is the whole order total, seats and bags included.
    expect(quoted.afterSales?.quote?.paid).toEqual(issued.price.orderTotal);
    expect(minor(quoted.afterSales?.quote?.paid.amount ?? '0')).toBeGreaterThan(extras);
    const confirmed = await post(`/order/v2/flight/orders/${refund.id}/confirmation`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    expect((await getOrder(t.app, token, refund.id)).status).toBe('refunded_reimbursed');
    const original = await getOrder(t.app, token, issued.id);
    expect(original.ancillaries?.map((a) => a.status)).toEqual(['refunded', 'refunded']);
  });
});

describe('seats and bags bought after issue', () => {
  it('adds bags after issue as a purchase order paid through the order payment, then confirmed by the supplier', async () => {
    const token = await login(t.app);
    const { issued } = await issuedWithExtras(token);
    const read = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${issued.id}/ancillaries`,
      headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
      payload: { selections: [{ passengerIndex: 0, bags: [{ serviceId: 'BAG23-L0', quantity: 5 }] }] },
    });
    // One bag is held already and at most three are sold per passenger.
    expect(read.statusCode, read.body).toBe(400);
    expect(body<{ errors: { key: string }[] }>(read).data.errors[0]?.key).toBe('ancillary.rule.bagQuantity');

    const held = issued.ancillaries?.find((a) => a.kind === 'seat')?.designator;
    const res = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${issued.id}/ancillaries`,
      headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
      payload: { selections: [{ passengerIndex: 0, bags: [{ serviceId: 'BAG23-L0', quantity: 2 }] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const purchase = FlightOrder.parse(body(res).data);
    expect(purchase).toMatchObject({
      type: 'ancillary',
      status: 'to_be_paid',
      originalBookingId: issued.id,
      allowedActions: ['pay', 'cancel'],
    });
    expect(minor(purchase.price.orderTotal.amount)).toBeGreaterThan(0);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${purchase.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    expect((await getOrder(t.app, token, purchase.id)).status).toBe('issued');
    const original = await getOrder(t.app, token, issued.id);
    const bags = original.ancillaries?.filter((a) => a.kind === 'bag') ?? [];
    expect(bags.map((b) => [b.quantity, b.source, b.status])).toEqual([
      [1, 'booking', 'booked'],
      [2, 'purchase', 'booked'],
    ]);
    expect(original.ancillaries?.find((a) => a.kind === 'seat')?.designator).toBe(held);
  });
});

describe('a seat changed after issue', () => {
  it('takes a free seat without payment and replaces the passenger seat on that flight', async () => {
    const token = await login(t.app);
    const { issued } = await issuedWithExtras(token);
    const read = await t.app.inject({
      url: `/order/v2/flight/orders/${issued.id}/ancillaries`,
      headers: bearer(token),
    });
    expect(read.statusCode, read.body).toBe(200);
    const offer = SolutionAncillaries.parse(body(read).data);
    const free = offer.seatMaps[0]?.rows
      .flatMap((r) => r.seats)
      .find((s) => s?.available && minor(s.price.amount) === 0 && !s.features.includes('exit_row'));
    if (!free) throw new Error('no free seat');
    const res = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${issued.id}/ancillaries`,
      headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
      payload: {
        selections: [{ passengerIndex: 0, seats: [{ segmentIndex: 0, designator: free.designator }] }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const purchase = FlightOrder.parse(body(res).data);
    expect(purchase).toMatchObject({ type: 'ancillary', status: 'proceeding' });
    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    expect((await getOrder(t.app, token, purchase.id)).status).toBe('issued');
    const seats = (await getOrder(t.app, token, issued.id)).ancillaries?.filter((a) => a.kind === 'seat');
    expect(seats?.map((a) => [a.status, a.source])).toEqual([
      ['replaced', 'booking'],
      ['booked', 'purchase'],
    ]);
    expect(seats?.[1]?.designator).toBe(free.designator);
  });
});

describe('what a ticket-segment cost, with seats and bags', () => {
  const order = {
    type: 'origin',
    currency: 'CNY',
    passengers: [
      { id: 'a', type: 'adult' },
      { id: 'b', type: 'adult' },
    ],
    solution: {
      legs: [{ segments: [{}, {}] }],
      priceDetail: { priceList: [{ passengerType: 'adult', salePrice: '500.00' }] },
    },
    prices: {
      ancillaryShares: [
        { passengerIndex: 0, segmentIndex: 1, minor: 3_000 },
        { passengerIndex: 1, segmentIndex: 0, minor: 1_001 },
      ],
    },
  } as unknown as FlightOrderRow;

  it('puts each seat or bag on its own ticket-segment and splits only the fare', () => {
    const shares = ticketShares(order, 200_000 + 4_001);
    expect(shares.map((s) => [s.passengerId, s.segmentIndex, s.paidMinor])).toEqual([
      ['a', 0, 50_000],
      ['a', 1, 53_000],
      ['b', 0, 51_001],
      ['b', 1, 50_000],
    ]);
    expect(shares.reduce((sum, s) => sum + s.paidMinor, 0)).toBe(204_001);
  });
});
