import type { LookToBook } from '@portal/domain/sub-agencies';
import type { Solution } from '@portal/domain/shopping';
import { describe, expect, it } from 'vitest';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { oneWay, search } from '../shopping/shopping.test-helpers';

/**
 * What the look-to-book chart counts for a sub-agency: every route search and every search of
 * exact flights (a pasted PNR) its users start, and every booking they make, on the UTC day.
 */
const t = useTestApp();

async function ratioOfToday(): Promise<LookToBook['days'][number] | undefined> {
  const today = new Date().toISOString().slice(0, 10);
  const res = await t.app.inject({
    url: `/base/v2/sub/look-to-book?agencyId=2&from=${today}&to=${today}`,
    headers: bearer(await login(t.app, 'finance')),
  });
  return body<LookToBook>(res).data.days[0];
}

/** Searches exactly the first segment of a direct solution (as the PNR page does). */
async function accurateSearch(token: string, flight: Solution) {
  const seg = flight.legs[0]?.segments[0];
  if (!seg) throw new Error('no segment');
  return t.app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/accurate-search',
    headers: bearer(token),
    payload: {
      segments: [
        {
          carrier: seg.marketingCarrier,
          flightNumber: seg.flightNumber,
          origin: seg.departure.airport,
          destination: seg.arrival.airport,
          date: seg.departure.time.slice(0, 10),
        },
      ],
      passengers: { adult: 1, child: 0, infant: 0 },
    },
  });
}

describe("a sub-agency's look-to-book counters", () => {
  it('count route searches, exact-flight searches and bookings of its users', async () => {
    const token = await login(t.app, 'subop');
    const result = await search(t.app, token, oneWay('PEK', 'SHA'));
    const direct = result.solutions.find((s) => s.legs.length === 1 && s.legs[0]?.segments.length === 1);
    if (!direct) throw new Error('no direct flight');
    expect(await ratioOfToday()).toMatchObject({ searches: 1, bookings: 0 });
    expect((await accurateSearch(token, direct)).statusCode).toBe(200);
    expect(await ratioOfToday()).toMatchObject({ searches: 2, bookings: 0 });
    await bookOne(t.app, token);
    // bookOne searches once more before it books.
    expect(await ratioOfToday()).toEqual(expect.objectContaining({ searches: 3, bookings: 1, ratio: 3 }));
  });
});
