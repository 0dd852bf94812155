import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SolutionAncillaries, type SeatMap } from '@portal/domain/ancillaries';
import { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../test/app';
import { adult, child, contact, createOrder, pickSolution } from './flight-orders.test-helpers';
import { getOrder } from './after-sales/after-sales.test-helpers';
import { outboundMessages } from '../notifications/index';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });

const minor = (amount: string) => Math.round(Number(amount) * 100);

const infant = () =>
  adult({
    type: 'infant',
    given_names: 'BAO',
    birthday: new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10),
  });

async function ancillariesOf(token: string, solutionId: string): Promise<SolutionAncillaries> {
  const res = await t.app.inject({
    url: `/shopping/v2/flight/solutions/${solutionId}/ancillaries`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return SolutionAncillaries.parse(body(res).data);
}

const seatsOf = (map: SeatMap | undefined) =>
  (map?.rows ?? []).flatMap((r) => r.seats).filter((s): s is NonNullable<typeof s> => s !== null);

function paidSeat(map: SeatMap | undefined, exit = false) {
  const seat = seatsOf(map).find(
    (s) => s.available && minor(s.price.amount) > 0 && s.features.includes('exit_row') === exit,
  );
  if (!seat) throw new Error('no paid seat');
  return seat;
}

describe('seats and bags of a solution', () => {
  it("reads the seat maps and bags of a solution in the agency's currency", async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token);
    const a = await ancillariesOf(token, solution.id);
    const segments = solution.legs.flatMap((l) => l.segments).length;
    expect(a.seatMaps).toHaveLength(segments);
    expect(a.seatMaps[0]?.columns).toContain('');
    const seats = seatsOf(a.seatMaps[0]);
    expect(seats.some((s) => !s.available)).toBe(true);
    expect(seats.some((s) => s.features.includes('exit_row') && s.refusedTypes.includes('infant'))).toBe(
      true,
    );
    expect(a.bags[0]).toMatchObject({
      weightKg: 23,
      price: { currency: solution.priceDetail.total.currency },
    });
  });

  it('answers 404 for a solution of another agency or none', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({
      url: '/shopping/v2/flight/solutions/nope/ancillaries',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('booking with seats and bags', () => {
  it('books a seat and a bag: stored on the order, in its total and in what the payment takes', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token);
    const a = await ancillariesOf(token, solution.id);
    const seat = paidSeat(a.seatMaps[0]);
    const bag = a.bags[0];
    if (!bag) throw new Error('no bag');
    const res = await createOrder(t.app, token, {
      solutionId: solution.id,
      passengers: [adult()],
      contact: contact(),
      ancillaries: [
        {
          passengerIndex: 0,
          seats: [{ segmentIndex: 0, designator: seat.designator }],
          bags: [{ serviceId: bag.id, quantity: 2 }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = FlightOrder.parse(body(res).data);
    const extras = minor(seat.price.amount) + 2 * minor(bag.price.amount);
    expect(minor(order.price.orderTotal.amount)).toBe(minor(solution.priceDetail.total.amount) + extras);
    expect(minor(order.price.ancillaries?.amount ?? '0')).toBe(extras);
    expect(order.ancillaries).toEqual([
      expect.objectContaining({
        kind: 'seat',
        designator: seat.designator,
        segmentIndexes: [0],
        source: 'booking',
      }),
      expect.objectContaining({
        kind: 'bag',
        serviceId: bag.id,
        quantity: 2,
        weightKg: 23,
        status: 'booked',
      }),
    ]);

    const balance = async () => {
      const res = await t.app.inject({ url: '/base/v2/wallet/payment-balances', headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      const cny = body<{ currency: string; balance: { amount: string } }[]>(res).data.find(
        (w) => w.currency === order.price.orderTotal.currency,
      );
      return minor(cny?.balance.amount ?? '0');
    };
    const before = await balance();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(before - (await balance())).toBe(minor(order.price.orderTotal.amount));
    const detail = await getOrder(t.app, token, order.id);
    expect(detail.ancillaries).toHaveLength(2);

    // The "paid" e-mail lists them as the "booked" one does, in the agency's language (English).
    const [mail] = await t.database.db
      .select({ payload: outboundMessages.payload })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.orderId, order.id),
          eq(outboundMessages.kind, 'order.paid'),
          eq(outboundMessages.channel, 'email'),
        ),
      );
    const route = `${solution.legs[0]?.segments[0]?.departure.airport}-${solution.legs[0]?.segments[0]?.arrival.airport}`;
    expect(mail?.payload.text).toContain(`Seat ${seat.designator} (${route}); 2 × 23 kg bag (${route})`);
  });

  it('refuses a child in an exit row and the adult holding an infant there, before booking', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token, { passengers: { adult: 1, child: 1, infant: 1 } });
    const a = await ancillariesOf(token, solution.id);
    const exits = seatsOf(a.seatMaps[0]).filter((s) => s.available && s.features.includes('exit_row'));
    const [first, second] = exits;
    if (!first || !second) throw new Error('no free exit seats');
    const res = await createOrder(t.app, token, {
      solutionId: solution.id,
      passengers: [adult(), child(), infant()],
      contact: contact(),
      ancillaries: [
        { passengerIndex: 0, seats: [{ segmentIndex: 0, designator: first.designator }] },
        { passengerIndex: 1, seats: [{ segmentIndex: 0, designator: second.designator }] },
        { passengerIndex: 2, seats: [], bags: [] },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const answer = body<{ errors: { path: string; key: string }[] }>(res);
    expect(answer.code).toBe(700006);
    expect(answer.data.errors.map((e) => [e.path, e.key])).toEqual([
      ['ancillaries.0.seats.0.designator', 'ancillary.rule.exitRowInfantAdult'],
      ['ancillaries.1.seats.0.designator', 'ancillary.rule.exitRowRefused'],
    ]);
  });

  it('refuses a seat already taken', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token);
    const a = await ancillariesOf(token, solution.id);
    const taken = seatsOf(a.seatMaps[0]).find((s) => !s.available);
    if (!taken) throw new Error('no taken seat');
    const res = await createOrder(t.app, token, {
      solutionId: solution.id,
      passengers: [adult()],
      contact: contact(),
      ancillaries: [{ passengerIndex: 0, seats: [{ segmentIndex: 0, designator: taken.designator }] }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(body<{ errors: { key: string }[] }>(res).data.errors[0]?.key).toBe(
      'ancillary.rule.seatUnavailable',
    );
  });
});
