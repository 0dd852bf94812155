import type { FastifyInstance } from 'fastify';
import { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body } from '../../../test/app';
import { adult, contact, createOrder, nextDocumentNumber, pickSolution } from '../flight-orders.test-helpers';
import type { UnansweredCall } from '../../shopping/index';

/** Three hours ahead: every ticketing job of a paid order is due by then. */
export const afterTicketing = () => new Date(Date.now() + 3 * 3_600_000);

export async function getOrder(app: FastifyInstance, token: string, id: string): Promise<FlightOrder> {
  const res = await app.inject({ url: `/order/v2/flight/orders/${id}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`order not read: ${res.body}`);
  return FlightOrder.parse(body(res).data);
}

/**
 * Books `adults` adults (distinct names and documents) on a fresh solution, pays with balance and
 * runs the ticketing job: an issued order.
 */
export async function issuedOrder(
  app: FastifyInstance,
  token: string,
  options: { adults?: number; supplier?: string } = {},
): Promise<FlightOrder> {
  const adults = options.adults ?? 1;
  const solution = await pickSolution(app, token, {
    ...(options.supplier ? { supplier: options.supplier } : {}),
    ...(adults > 1 ? { passengers: { adult: adults, child: 0, infant: 0 } } : {}),
  });
  const names = ['WEI', 'NA', 'FANG', 'JING', 'LEI'];
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
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.body}`);
  const booked = FlightOrder.parse(body(res).data);
  const paid = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${booked.id}/payment`,
    headers: bearer(token),
    payload: { channel: 'balance' },
  });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  await app.runDueJobs(afterTicketing());
  const issued = await getOrder(app, token, booked.id);
  if (issued.status !== 'issued') throw new Error(`not issued: ${issued.status}`);
  return issued;
}

/** Every simulated flight supplier loses its answers to `calls` (none: answers again). */
export async function loseAnswers(app: FastifyInstance, calls: UnansweredCall[]): Promise<void> {
  for (const name of ['sim-gds', 'sim-ndc', 'sim-lcc']) {
    const res = await app.inject({
      method: 'POST',
      url: `/__test/suppliers/${name}/faults`,
      payload: { unanswered: calls },
    });
    if (res.statusCode !== 200) throw new Error(`faults of ${name} not set: ${res.body}`);
  }
}
