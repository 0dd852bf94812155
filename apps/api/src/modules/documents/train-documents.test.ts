import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrainOrder } from '@portal/domain/train-order';
import { bearer, body, login, useTestApp } from '../../test/app';
import {
  bookTrain,
  idCardPassenger,
  passportPassenger,
  residentId,
} from '../train-orders/train-orders.test-helpers';
import { formatMoney } from './flight-document.model';
import { pdfText } from './pdf-text.test-helpers';

const t = useTestApp();
let app: FastifyInstance;
beforeAll(async () => {
  app = await t.build();
});

const squash = (text: string) => text.replace(/\s+/g, '');
const ORDERS = '/order/v2/train/orders';

function download(token: string, id: string, lang?: string) {
  return app.inject({
    url: `${ORDERS}/${id}/traveller-documents/e-ticket${lang ? `?lang=${lang}` : ''}`,
    headers: bearer(token),
  });
}

/** A booked order, paid from the balance and ticketed by the railway's job. */
async function ticketedTrainOrder(token: string): Promise<TrainOrder> {
  const order = await bookTrain(app, token, [idCardPassenger(), passportPassenger()]);
  const paid = await app.inject({
    method: 'POST',
    url: `${ORDERS}/${order.id}/payment`,
    payload: { channel: 'balance' },
    headers: { ...bearer(token), 'idempotency-key': `pay-${order.id}` },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await app.runDueJobs(new Date(Date.now() + 10 * 60_000));
  const res = await app.inject({ url: `${ORDERS}/${order.id}`, headers: bearer(token) });
  const ticketed = body<TrainOrder>(res).data;
  expect(ticketed.status).toBe('ticketed');
  return ticketed;
}

describe('the e-ticket of a train order', () => {
  it('names the passengers with masked documents, seats and tickets, the train, stations, times and amounts', async () => {
    const token = await login(app, 'operator');
    const order = await ticketedTrainOrder(token);

    const res = await download(token, order.id, 'en');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = squash(await pdfText(res.rawPayload));
    expect(text).toContain(squash('Train e-ticket'));
    expect(text).toContain(order.bookingNumber);
    expect(text).toContain(order.referenceId);
    expect(text).toContain(order.train.trainNumber);
    expect(text).toContain(squash(order.train.departure.station.name));
    expect(text).toContain(squash(order.train.departure.time.replace('T', ' ')));
    expect(text).toContain(squash(order.train.arrival.time.replace('T', ' ')));
    expect(text).toContain(squash('Second class'));
    expect(text).toContain('张伟');
    expect(text).toContain(squash('John Smith'));
    // Document numbers are masked as on the screens: only the last four characters.
    expect(text).not.toContain(residentId());
    expect(text).toContain(`${'*'.repeat(residentId().length - 4)}${residentId().slice(-4)}`);
    expect(text).not.toContain('P1234567');
    for (const p of order.passengers) {
      expect(text).toContain(String(p.ticketNumber));
      expect(text).toContain(String(p.seat?.seatNumber));
    }
    const total = order.price.orderTotal;
    expect(text).toContain(squash(formatMoney(Math.round(Number(total.amount) * 100), total.currency)));

    const zh = squash(await pdfText((await download(token, order.id, 'zh-cn')).rawPayload));
    expect(zh).toContain('火车电子客票');
    expect(zh).toContain(squash(order.train.departure.station.chineseName));
    expect(zh).toContain('二等座');
    expect(zh).toContain('铁路订单号');
  });

  it('is not ready before the tickets are out (409), and another agency gets 404', async () => {
    const token = await login(app, 'operator');
    const order = await bookTrain(app, token);
    const early = await download(token, order.id);
    expect(early.statusCode).toBe(409);
    expect(body(early).code).toBe(500050);

    const other = await download(await login(app, 'partner'), order.id);
    // The partner agency has no train service: refused before reading; the sub-agency cannot see it.
    expect([403, 404]).toContain(other.statusCode);
    const sub = await download(await login(app, 'subop'), order.id);
    expect(sub.statusCode).toBe(404);
  });
});
