import { expect } from 'vitest';
import { VoyageList } from '@portal/domain/booking-records';
import { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, type TestApp } from '../../test/app';
import {
  adult,
  contact,
  createOrder,
  nextDocumentNumber,
  pickSolution,
} from '../flight-orders/flight-orders.test-helpers';

export const VOYAGES_URL = '/order/v2/flight/voyages';

/** Orders booked, paid and ticketed through `t`'s API, and the booking records read from it. */
export function voyageTestHelpers(t: TestApp) {
  async function issue(order: FlightOrder, token: string): Promise<FlightOrder> {
    const paid = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.runDueJobs(new Date(Date.now() + 3 * 3_600_000));
    const res = await t.app.inject({ url: `/order/v2/flight/orders/${order.id}`, headers: bearer(token) });
    const issued = FlightOrder.parse(body(res).data);
    expect(issued.status).toBe('issued');
    return issued;
  }

  const second = () =>
    adult({
      surname: 'LI',
      given_names: 'NA',
      travel_document: {
        type: 'passport',
        interfaceType: 'passport',
        number: nextDocumentNumber(),
        expiryDate: '2035-01-01',
      },
    });

  /** An issued order of `count` adults (ZHANG/WEI, then LI/NA). */
  async function issuedOrder(token: string, count: 1 | 2 = 1): Promise<FlightOrder> {
    const solution = await pickSolution(t.app, token, { passengers: { adult: count, child: 0, infant: 0 } });
    const passengers = count === 2 ? [adult(), second()] : [adult()];
    const res = await createOrder(t.app, token, { solutionId: solution.id, passengers, contact: contact() });
    expect(res.statusCode, res.body).toBe(200);
    return issue(FlightOrder.parse(body(res).data), token);
  }

  async function list(token: string, query = '') {
    const res = await t.app.inject({ url: `${VOYAGES_URL}${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return VoyageList.parse(body(res).data);
  }

  return { issue, issuedOrder, list };
}
