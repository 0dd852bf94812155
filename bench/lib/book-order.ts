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
