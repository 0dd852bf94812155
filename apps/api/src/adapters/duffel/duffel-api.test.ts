import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Disruption } from '@portal/domain/disruptions';
import { FlightOrder } from '@portal/domain/flight-order';
import { AgencySuppliers } from '@portal/domain/platform-suppliers';
import { writeSupplierAllowList } from '../../modules/agencies/index';
import { getOrder, issuedOrder } from '../../modules/flight-orders/after-sales/after-sales.test-helpers';
import { REFUND_REVIEW_DELAY_MS } from '../../modules/flight-orders/index';
import { oneWay, search } from '../../modules/shopping/shopping.test-helpers';
import { bearer, body, login, useTestApp } from '../../test/app';
import { createTestPlatformAdmin, platformHeaders, platformLogin } from '../../test/platform';
import { deliverWebhook, type DuffelMock, startDuffelMock } from '../../test/mocks/duffel-mock/server';
import { orderIdOf } from './map-order';

const t = useTestApp();
let mock: DuffelMock;
let app: FastifyInstance;
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  mock = await startDuffelMock();
});
afterAll(() => mock.close());

async function duffelOnlyApp(): Promise<FastifyInstance> {
  return t.build({
    SIMULATED_SUPPLIERS: 'false',
    DUFFEL_ACCESS_TOKEN: 'duffel_test_api_level',
    DUFFEL_BASE_URL: mock.url,
  });
}

/** Asks for a refund of the whole order (every passenger and segment) and runs the desk's review. */
async function quotedRefund(on: FastifyInstance, token: string, order: FlightOrder): Promise<FlightOrder> {
  const asked = await on.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${order.id}/refund`,
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload: {
      selection: {
        passengerIds: order.passengers.map((p) => p.id),
        segmentIndexes: order.segments.map((_, i) => i),
      },
      reason: { value: 0 },
    },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const refund = FlightOrder.parse(body(asked).data);
  await on.runDueJobs(later(REFUND_REVIEW_DELAY_MS + 60_000));
  return getOrder(on, token, refund.id);
}

const confirmation = (on: FastifyInstance, token: string, refundId: string) =>
  on.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${refundId}/confirmation`,
    headers: bearer(token),
  });

describe('an app with only the Duffel supplier', () => {
  it('is configured but off for an agency allowed "every supplier": Duffel is not asked', async () => {
    app = await duffelOnlyApp();
    const token = await login(app);
    const result = await search(app, token, oneWay('PEK', 'SHA'));
    expect(result.solutions).toEqual([]);
    expect(mock.requests.some((r) => r.path.startsWith('/air/offer_requests'))).toBe(false);
  });

  it('searches, books, pays from balance, gets Duffel’s tickets and refunds through Duffel once the agency is switched on', async () => {
    app = await duffelOnlyApp();
    await writeSupplierAllowList(t.database.db, 1, { flight: ['duffel'], rail: null }, new Date());
    const token = await login(app);
    const order = await issuedOrder(app, token);
    expect(order.status).toBe('issued');
    const held = [...mock.orders.values()].at(-1);
    expect(held?.payment_status.awaiting_payment).toBe(false);
    const tickets = held?.documents.map((d) => d.unique_identifier);
    expect(order.passengers[0]?.ticketNumbers ?? JSON.stringify(order)).toEqual(
      expect.arrayContaining(tickets ?? ['none']),
    );

    const quoted = await quotedRefund(app, token, order);
    expect(quoted.status).toBe('rfd_to_be_confirm');
    // Duffel's fee: 300.00 of the 1150.00 paid stays with the airline.
    expect(quoted.afterSales?.quote?.refundFee.amount).toBe('300.00');
    const confirmed = await confirmation(app, token, quoted.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await app.runDueJobs(later(60_000));
    expect((await getOrder(app, token, quoted.id)).status).toBe('refunded_reimbursed');
    expect(held ? mock.orders.get(orderIdOf(`x/${held.id}`))?.cancelled_at : null).toBeTruthy();
  });

  it('confirms a refund quoted before a restart: the new app confirms Duffel’s quoted cancellation by id', async () => {
    const before = await duffelOnlyApp();
    await writeSupplierAllowList(t.database.db, 1, { flight: ['duffel'], rail: null }, new Date());
    const order = await issuedOrder(before, await login(before));
    const quoted = await quotedRefund(before, await login(before), order);
    expect(quoted.status).toBe('rfd_to_be_confirm');
    const held = [...mock.orders.values()].at(-1);
    const cancellation = mock.requests.filter((r) => r.path === '/air/order_cancellations').length;
    await before.close();

    // A new app: a new Duffel adapter with nothing in memory.
    app = await duffelOnlyApp();
    const token = await login(app);
    expect((await confirmation(app, token, quoted.id)).statusCode).toBe(200);
    await app.runDueJobs(later(60_000));
    expect((await getOrder(app, token, quoted.id)).status).toBe('refunded_reimbursed');
    expect(held?.cancelled_at).toBeTruthy();
    expect(mock.requests.filter((r) => r.path === '/air/order_cancellations').length).toBe(cancellation);
    expect(
      mock.requests.some((r) => r.method === 'GET' && r.path.startsWith('/air/order_cancellations/')),
    ).toBe(true);
  });

  it('ends the confirmation deadline when Duffel’s refund quote lapses: a later confirm is refused (410)', async () => {
    app = await duffelOnlyApp();
    await writeSupplierAllowList(t.database.db, 1, { flight: ['duffel'], rail: null }, new Date());
    const token = await login(app);
    const order = await issuedOrder(app, token);
    mock.faults = { quoteExpired: true };
    try {
      const quoted = await quotedRefund(app, token, order);
      expect(quoted.status).toBe('rfd_to_be_confirm');
      expect(quoted.allowedActions).toEqual(['cancel-refund']);
      expect(Date.parse(quoted.afterSales?.confirmDeadline ?? '')).toBeLessThanOrEqual(Date.now());
      const refused = await confirmation(app, token, quoted.id);
      expect(refused.statusCode, refused.body).toBe(410);
      // CONFIRM_DEADLINE_PASSED
      expect(body(refused).code).toBe(500012);
      expect([...mock.orders.values()].at(-1)?.cancelled_at).toBeNull();
    } finally {
      mock.reset();
    }
  });

  it('tells the platform Duffel is configured in test mode and switched on only by name', async () => {
    app = await duffelOnlyApp();
    const admin = await createTestPlatformAdmin(app, {
      username: 'duffel.support',
      permissions: ['platform:support'],
    });
    const res = await app.inject({
      url: '/platform/v2/agencies/1/suppliers',
      headers: platformHeaders(await platformLogin(app, admin)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AgencySuppliers.parse(body(res).data).flight).toEqual({
      configured: ['duffel'],
      allowed: null,
      optIn: ['duffel'],
      testMode: ['duffel'],
    });
  });

  it('turns a signed airline-initiated change webhook into a disruption of the order; a bad signature is refused', async () => {
    const secret = 'duffel-webhook-secret-for-tests';
    app = await t.build({
      SIMULATED_SUPPLIERS: 'false',
      DUFFEL_ACCESS_TOKEN: 'duffel_test_api_level',
      DUFFEL_BASE_URL: mock.url,
      DUFFEL_WEBHOOK_SECRET: secret,
    });
    await writeSupplierAllowList(t.database.db, 1, { flight: ['duffel'], rail: null }, new Date());
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const held = [...mock.orders.values()].at(-1);
    if (!held) throw new Error('no Duffel order');
    const disruptions = async () => {
      const res = await app.inject({
        url: `/order/v2/flight/orders/${order.id}/disruptions`,
        headers: bearer(token),
      });
      return Disruption.array().parse(body(res).data);
    };

    // The scan queued on listening runs: nothing changed yet; the next one waits 15 minutes.
    await app.runDueJobs(new Date());
    const hook = `${address}/webhooks/duffel`;
    expect(
      await deliverWebhook(hook, 'not-the-webhook-secret', 'order.airline_initiated_change_detected', {}),
    ).toBe(401);

    // The airline moves the flight; Duffel's signed notice brings the scan forward.
    await mock.airlineChange(held.id, 90, { url: hook, secret });
    await app.runDueJobs(new Date());
    const raised = await disruptions();
    expect(raised.map((d) => [d.type, d.segmentIndex])).toEqual([['change', 0]]);
  });
});
