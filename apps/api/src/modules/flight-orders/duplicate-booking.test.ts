import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_REASON_MAX, DuplicateBookingData } from '@portal/domain/duplicate-booking';
import { FlightOrder } from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';
import { setCommonConfig } from '../../test/agency-config';
import { bearer, body, login, useTestApp } from '../../test/app';
import { afterTicketing } from './after-sales/after-sales.test-helpers';
import { flightOrders } from './flight-orders.schema';
import {
  adult,
  contact,
  nextDocumentNumber,
  pickSolution,
  UNLIMITED_BOOKINGS,
} from './flight-orders.test-helpers';

const t = useTestApp();
let app: FastifyInstance;
beforeAll(async () => {
  app = await t.build({}, undefined, { limits: UNLIMITED_BOOKINGS });
});

/** One traveller booked again and again: the same name and document. */
const traveller = (number: string) =>
  adult({
    surname: 'WANG',
    given_names: 'FANG',
    travel_document: { type: 'passport', interfaceType: 'passport', number, expiryDate: '2035-01-01' },
  });

function book(
  app: FastifyInstance,
  token: string,
  solution: Solution,
  passengers: object[],
  extra: { duplicateConfirmed?: object; locale?: string } = {},
) {
  const { locale = 'en', duplicateConfirmed } = extra;
  return app.inject({
    method: 'POST',
    url: '/order/v2/flight/orders',
    headers: { ...bearer(token), 'accept-language': locale },
    payload: {
      solutionId: solution.id,
      passengers,
      contact: contact(),
      ...(duplicateConfirmed ? { duplicateConfirmed } : {}),
    },
  });
}

async function booked(res: Awaited<ReturnType<typeof book>>): Promise<FlightOrder> {
  expect(res.statusCode, res.body).toBe(200);
  return FlightOrder.parse(body(res).data);
}

const ordersOf = async (agencyId: number) =>
  t.database.db.select().from(flightOrders).where(eq(flightOrders.agencyId, agencyId));

describe('the duplicate booking check', () => {
  it('refuses the same passenger on the same flight in a live booking with 409 naming it, in three languages', async () => {
    const token = await login(app);
    const solution = await pickSolution(app, token);
    const number = nextDocumentNumber();
    const first = await booked(await book(app, token, solution, [traveller(number)]));

    const messages: string[] = [];
    for (const locale of ['en', 'zh-cn', 'zh-tw']) {
      const again = await book(app, token, solution, [traveller(number.toLowerCase())], {
        locale,
      });
      expect(again.statusCode, again.body).toBe(409);
      const answer = body<DuplicateBookingData>(again);
      expect(answer.code).toBe(500020);
      expect(DuplicateBookingData.parse(answer.data).duplicates).toEqual([
        {
          bookingNumber: first.bookingNumber,
          passenger: 'WANG/FANG',
          flight: `${first.segments[0]?.marketingCarrier}${first.segments[0]?.flightNumber}`,
          date: first.segments[0]?.departure.time.slice(0, 10),
        },
      ]);
      expect(answer.message).toContain(first.bookingNumber);
      messages.push(answer.message);
    }
    expect(new Set(messages).size).toBe(3);
    expect(messages[1]).toContain('重叠');
    expect(messages[2]).toContain('重疊');
    expect(await ordersOf(1)).toHaveLength(1);
  });

  it('books anyway with a reason, kept on the order and shown in its timeline', async () => {
    const token = await login(app);
    const solution = await pickSolution(app, token);
    const number = nextDocumentNumber();
    const first = await booked(await book(app, token, solution, [traveller(number)]));

    for (const reason of ['', '   ', 'x'.repeat(DUPLICATE_REASON_MAX + 1)]) {
      const refused = await book(app, token, solution, [traveller(number)], {
        duplicateConfirmed: { reason },
      });
      expect(refused.statusCode, reason).toBe(400);
      expect(body(refused).code).toBe(100001);
    }
    const second = await booked(
      await book(app, token, solution, [traveller(number)], {
        duplicateConfirmed: { reason: ' Second trip of a split group ' },
      }),
    );
    expect(second.timeline[0]).toMatchObject({
      status: 'to_be_paid',
      noteKey: 'duplicateBookingConfirmed',
      noteParams: { bookingNumbers: first.bookingNumber, reason: 'Second trip of a split group' },
    });
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, second.id));
    expect(row?.duplicateReason).toBe('Second trip of a split group');

    // Both are named the next time; a reason given where there is no duplicate is not kept.
    const third = await book(app, token, solution, [traveller(number)]);
    expect(
      body<DuplicateBookingData>(third)
        .data.duplicates.map((d) => d.bookingNumber)
        .sort(),
    ).toEqual([first.bookingNumber, second.bookingNumber].sort());
    const other = await booked(
      await book(app, token, solution, [adult()], { duplicateConfirmed: { reason: 'not needed' } }),
    );
    expect(other.timeline[0]?.noteKey).toBeNull();
  });

  it('passes another document, a canceled booking and another agency’s booking', async () => {
    const token = await login(app);
    const solution = await pickSolution(app, token);
    const number = nextDocumentNumber();
    const first = await booked(await book(app, token, solution, [traveller(number)]));
    await booked(await book(app, token, solution, [traveller(nextDocumentNumber())]));

    const canceled = await app.inject({
      method: 'DELETE',
      url: `/order/v2/flight/orders/${first.id}`,
      headers: bearer(token),
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const rebooked = await booked(await book(app, token, solution, [traveller(number)]));

    const partner = await login(app, 'partner');
    const theirs = await pickSolution(app, partner);
    await booked(await book(app, partner, theirs, [traveller(number)]));
    // The partner's booking does not make the agency's own one a duplicate of it, nor the reverse.
    const again = await book(app, token, solution, [traveller(number)]);
    expect(body<DuplicateBookingData>(again).data.duplicates.map((d) => d.bookingNumber)).toEqual([
      rebooked.bookingNumber,
    ]);
  });

  it('passes a passenger whose ticket was refunded off the flight, not one whose refund is under review', async () => {
    const token = await login(app);
    const solution = await pickSolution(app, token);
    const number = nextDocumentNumber();
    const first = await booked(await book(app, token, solution, [traveller(number)]));
    const paid = await app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${first.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await app.runDueJobs(afterTicketing());
    const refund = await app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${first.id}/refund`,
      headers: bearer(token),
      payload: {
        selection: {
          passengerIds: first.passengers.map((p) => p.id),
          segmentIndexes: first.segments.map((_, i) => i),
        },
        reason: { value: 0 },
      },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refundId = body<{ id: string }>(refund).data.id;

    const underReview = await book(app, token, solution, [traveller(number)]);
    expect(underReview.statusCode, underReview.body).toBe(409);
    await t.database.db
      .update(flightOrders)
      .set({ status: 'refunded_reimbursed' })
      .where(eq(flightOrders.id, refundId));
    await booked(await book(app, token, solution, [traveller(number)]));
  });

  it('names only bookings the user may open when the agency shows each user their own orders', async () => {
    const admin = await login(app);
    const operator = await login(app, 'operator');
    const solution = await pickSolution(app, admin);
    const number = nextDocumentNumber();
    const theirs = await booked(await book(app, admin, solution, [traveller(number)]));
    const mine = await booked(
      await book(app, operator, solution, [traveller(number)], { duplicateConfirmed: { reason: 'x' } }),
    );

    await setCommonConfig(t.database.db, 1, { onlyShowOwnOrders: true });
    const again = await book(app, operator, solution, [traveller(number)]);
    expect(again.statusCode, again.body).toBe(409);
    expect(body<DuplicateBookingData>(again).data.duplicates.map((d) => d.bookingNumber)).toEqual([
      mine.bookingNumber,
    ]);
    expect(again.body).not.toContain(theirs.bookingNumber);
  });
});
