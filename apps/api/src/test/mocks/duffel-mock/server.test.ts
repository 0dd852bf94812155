import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSignature } from '../../../adapters/duffel/webhook';
import { type DuffelMock, startDuffelMock } from './server';

let mock: DuffelMock;
beforeAll(async () => {
  mock = await startDuffelMock();
});
afterAll(() => mock.close());

const auth = { authorization: 'Bearer duffel_test_mock', 'content-type': 'application/json' };
const post = (path: string, body: object, headers: Record<string, string> = auth) =>
  fetch(`${mock.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
const search = () =>
  post('/air/offer_requests?return_offers=true', {
    data: {
      slices: [{ origin: 'PEK', destination: 'SHA', departure_date: '2027-03-10' }],
      passengers: [{ type: 'adult' }],
      cabin_class: 'economy',
    },
  });

describe('the Duffel contract mock driven over HTTP (as a browser test does)', () => {
  it('refuses calls without a Duffel token, as Duffel does', async () => {
    const res = await post('/air/offer_requests', {}, { 'content-type': 'application/json' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ errors: [{ code: 'unauthorized' }], meta: { status: 401 } });
  });

  it('switches failure modes through POST /__mock/faults and back with /__mock/reset', async () => {
    expect((await post('/__mock/faults', { validation: ['offerRequests.create'] })).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      errors: [{ type: 'validation_error', code: 'validation_required' }],
    });
    await post('/__mock/reset', {});
    expect((await search()).status).toBe(201);
  });

  it('adds an airline-initiated change and delivers it signed to a webhook URL', async () => {
    const secret = 'mock-webhook-secret-16';
    const received: { body: string; signature: string | undefined }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ body, signature: req.headers['x-duffel-signature'] as string | undefined });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/duffel`;
    try {
      const offers = (await (await search()).json()) as {
        data: { offers: { id: string; passengers: { id: string }[] }[] };
      };
      const offer = offers.data.offers[0];
      const order = (await (
        await post('/air/orders', {
          data: {
            type: 'hold',
            selected_offers: [offer?.id],
            passengers: [
              {
                id: offer?.passengers[0]?.id,
                given_name: 'A',
                family_name: 'B',
                born_on: '1990-01-01',
                gender: 'f',
                title: 'ms',
                email: 'a@example.com',
                phone_number: '+8613800000000',
              },
            ],
          },
        })
      ).json()) as { data: { id: string } };
      const change = await post('/__mock/airline-change', {
        order_id: order.data.id,
        minutes: 45,
        webhook_url: url,
        webhook_secret: secret,
      });
      expect(change.status).toBe(200);
      expect(received).toHaveLength(1);
      const [delivery] = received;
      expect(checkSignature(secret, delivery?.body ?? '', delivery?.signature, new Date()).ok).toBe(true);
      expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
        type: 'order.airline_initiated_change_detected',
        data: { object: { order_id: order.data.id } },
      });
      expect(mock.orders.get(order.data.id)?.airline_initiated_changes).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
