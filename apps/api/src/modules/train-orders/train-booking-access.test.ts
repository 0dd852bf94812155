import { TrainOrder, TrainOrderList } from '@portal/domain/train-order';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, login, useTestApp } from '../../test/app';
import { UNLIMITED_BOOKINGS } from '../flight-orders/flight-orders.test-helpers';
import { bookTrain, idCardPassenger, pickTrain, trainContact, trainDate } from './train-orders.test-helpers';

/**
 * Train booking is the route table's /train/booking: operator (SuperUser passes). A finance user
 * of an agency with the train service sees the train orders (/train/orders has no role) and is
 * refused, with the access error, every search, booking and action on them, as flight booking
 * refuses them.
 */
const t = useTestApp();
let app: FastifyInstance;
beforeAll(async () => {
  app = await t.build({}, undefined, { limits: UNLIMITED_BOOKINGS });
});
const ORDERS = '/order/v2/train/orders';

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en', 'idempotency-key': `access-${Math.random()}` },
    ...(payload ? { payload } : {}),
  });

const refusedWithAccessError = (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(body(res)).toMatchObject({ code: 100003, message: 'You do not have the access' });
};

describe('train booking access', () => {
  it('finance sees train orders without actions and is refused search, booking, pay, cancel and refund', async () => {
    const operator = await login(app, 'operator');
    const order = await bookTrain(app, operator, [idCardPassenger()]);
    const { train, price } = await pickTrain(app, operator, { seats: 1 });
    const finance = await login(app, 'finance');

    const list = TrainOrderList.parse(body(await call(finance, 'GET', ORDERS)).data);
    expect(list.list.map((o) => o.id)).toContain(order.id);
    const seen = TrainOrder.parse(body(await call(finance, 'GET', `${ORDERS}/${order.id}`)).data);
    expect(seen.status).toBe('to_be_paid');
    expect(seen.allowedActions).toEqual([]);

    refusedWithAccessError(
      await call(finance, 'POST', '/shopping/v2/train/search', {
        origin: 'VNP',
        destination: 'AOH',
        date: trainDate(),
      }),
    );
    refusedWithAccessError(
      await call(finance, 'POST', ORDERS, {
        trainId: train.id,
        seatClass: 'second',
        expectedPrice: price,
        passengers: [idCardPassenger()],
        contact: trainContact(),
      }),
    );
    refusedWithAccessError(
      await call(finance, 'POST', `${ORDERS}/${order.id}/payment`, { channel: 'balance' }),
    );
    refusedWithAccessError(await call(finance, 'DELETE', `${ORDERS}/${order.id}`));
    refusedWithAccessError(await call(finance, 'POST', `${ORDERS}/${order.id}/refund`));

    // Nothing moved: the order still waits for the operator's payment.
    const after = TrainOrder.parse(body(await call(operator, 'GET', `${ORDERS}/${order.id}`)).data);
    expect(after.status).toBe('to_be_paid');
    expect(after.allowedActions).toEqual(['pay', 'cancel']);
  });

  it('an operator and a SuperUser book and pay trains', async () => {
    for (const username of ['operator', 'admin']) {
      const token = await login(app, username);
      const order = await bookTrain(app, token, [idCardPassenger()]);
      const paid = await call(token, 'POST', `${ORDERS}/${order.id}/payment`, { channel: 'balance' });
      expect(paid.statusCode, paid.body).toBe(200);
    }
  });
});
