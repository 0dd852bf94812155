import type { FastifyInstance } from 'fastify';
import { FlightOrder } from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';
import { bearer, body } from '../../test/app';
import { oneWay, search } from '../shopping/shopping.test-helpers';

/** A departure date 40 days from now (the simulated schedules fly every day). */
export const travelDate = (days = 40) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const adult = (extra: Record<string, unknown> = {}) => ({
  type: 'adult',
  surname: 'ZHANG',
  given_names: 'WEI',
  gender: 'male',
  birthday: '1985-03-14',
  nationality: 'CN',
  travel_document: {
    type: 'passport',
    interfaceType: 'passport',
    number: 'P1234567',
    expiryDate: '2035-01-01',
  },
  ...extra,
});

export const child = (extra: Record<string, unknown> = {}) =>
  adult({
    type: 'child',
    given_names: 'XIAO',
    birthday: new Date(Date.now() - 6 * 365 * 86_400_000).toISOString().slice(0, 10),
    travel_document: {
      type: 'passport',
      interfaceType: 'passport',
      number: 'P7654321',
      expiryDate: '2035-01-01',
    },
    ...extra,
  });

export const contact = (extra: Record<string, unknown> = {}) => ({
  name: 'Zhang Wei',
  email: 'zhang.wei@example.com',
  phone: { areaCode: '86', number: '13800138000' },
  ...extra,
});

/** A solution without passenger restrictions, from `supplier` when given. */
export async function pickSolution(
  app: FastifyInstance,
  token: string,
  options: { supplier?: string; passengers?: { adult: number; child: number; infant: number } } = {},
): Promise<Solution> {
  const extra = options.passengers ? { passengers: options.passengers } : {};
  const result = await search(app, token, oneWay('PEK', 'SHA', travelDate(), extra));
  const found = result.solutions.find(
    (s) =>
      (!options.supplier || s.supplier === options.supplier) &&
      s.restrictions.documentTypes.length === 0 &&
      s.restrictions.eligibleCountries.length === 0 &&
      s.restrictions.minAge === null &&
      s.restrictions.maxAge === null,
  );
  if (!found) throw new Error('no unrestricted solution');
  return found;
}

export function createOrder(app: FastifyInstance, token: string, payload: object, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/order/v2/flight/orders',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/** Books one adult on a fresh solution and returns the order. */
export async function bookOne(app: FastifyInstance, token: string, supplier?: string): Promise<FlightOrder> {
  const solution = await pickSolution(app, token, supplier ? { supplier } : {});
  const res = await createOrder(app, token, {
    solutionId: solution.id,
    passengers: [adult()],
    contact: contact(),
  });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.body}`);
  return FlightOrder.parse(body(res).data);
}
