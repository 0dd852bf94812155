import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Books `solutionId` for one adult with a passport through the API; answers the order id. */
export async function bookOneAdult(
  app: FastifyInstance,
  headers: Record<string, string>,
  solutionId: string,
): Promise<string> {
  const booked = await app.inject({
    method: 'POST',
    url: '/order/v2/flight/orders',
    headers,
    payload: {
      solutionId,
      passengers: [
        {
          type: 'adult',
          surname: 'ZHANG',
          given_names: 'WEI',
          gender: 'male',
          birthday: '1985-03-14',
          nationality: 'CN',
          travel_document: {
            type: 'passport',
            interfaceType: 'passport',
            // One of its own: the same passenger on the same flight twice is a possible duplicate (409).
            number: `P${String(randomInt(10_000_000)).padStart(7, '0')}`,
            expiryDate: '2035-01-01',
          },
        },
      ],
      contact: {
        name: 'Zhang Wei',
        email: 'zhang.wei@example.com',
        phone: { areaCode: '86', number: '13800138000' },
      },
    },
  });
  if (booked.statusCode !== 200) throw new Error(`booking failed: ${booked.body}`);
  return booked.json<{ data: { id: string } }>().data.id;
}

/**
 * Searches a one-way PEK-SHA flight 40 days ahead through the API, waits for the search to end,
 * and books its first solution open to any adult with a passport: the order the benches copy.
 */
export async function searchAndBookOne(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<string> {
  const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const started = await app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/async-shopping',
    headers,
    payload: {
      journeys: [{ origin: 'PEK', destination: 'SHA', date }],
      passengers: { adult: 1, child: 0, infant: 0 },
      cabinClass: 'economy',
      bookingType: 'oneway',
      sort: 'price',
    },
  });
  const { searchId } = started.json<{ data: { searchId: string } }>().data;
  type Found = {
    data: { finished: boolean; solutions: { id: string; restrictions: Record<string, unknown> }[] };
  };
  let found: Found['data'] = { finished: false, solutions: [] };
  for (let i = 0; i < 2000 && !found.finished; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping/solutions',
      headers,
      payload: { searchId },
    });
    found = res.json<Found>().data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const solution = found.solutions.find(
    (s) =>
      (s.restrictions.documentTypes as unknown[]).length === 0 &&
      (s.restrictions.eligibleCountries as unknown[]).length === 0 &&
      s.restrictions.minAge === null &&
      s.restrictions.maxAge === null,
  );
  if (!solution) throw new Error('no solution to book');
  return bookOneAdult(app, headers, solution.id);
}
