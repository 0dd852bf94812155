import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SupportingDocument } from '@portal/domain/after-sales';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { FlightOrder } from '@portal/domain/flight-order';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { flightOrders } from '../flight-orders.schema';
import { UNLIMITED_BOOKINGS } from '../flight-orders.test-helpers';
import { getOrder, issuedOrder } from './after-sales.test-helpers';
import { REFUND_REVIEW_DELAY_MS } from './refund';

/**
 * An involuntary refund reason (spec §9: 2 airline, 6 death) is refunded without the supplier's
 * fee only when the supplier recorded a disruption or schedule change on the booking; otherwise it
 * needs a supporting document and the desk's review decides the fee.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-involuntary-'));
const t = useTestApp({ ENABLE_TEST_HOOKS: 'true', DATA_DIR: dataDir });
let app: FastifyInstance;
beforeAll(async () => {
  app = await t.build({}, undefined, { limits: UNLIMITED_BOOKINGS });
});
afterEach(async () => {
  await app.inject({ method: 'DELETE', url: '/__test/after-sales/desk' });
});

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
const afterReview = () => new Date(Date.now() + REFUND_REVIEW_DELAY_MS + 60_000);

async function setDesk(refund: object) {
  const res = await app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: { refund } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Uploads one PDF for `order`; answers its id. */
async function uploadPdf(token: string, order: FlightOrder): Promise<string> {
  const boundary = `----involuntary${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificate.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${order.id}/documents`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [document] = SupportingDocument.array().parse(body(res).data);
  if (!document) throw new Error('no document');
  return document.id;
}

function refund(
  token: string,
  order: FlightOrder,
  passengerIds: string[],
  options: { reason: object; documentIds?: string[]; locale?: string },
) {
  return app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${order.id}/refund`,
    headers: { ...bearer(token), 'accept-language': options.locale ?? 'en' },
    payload: {
      selection: { passengerIds, segmentIndexes: order.segments.map((_, i) => i) },
      reason: options.reason,
      ...(options.documentIds ? { documentIds: options.documentIds } : {}),
    },
  });
}

/** The refund fee the desk quoted, after its review. */
async function quotedFee(
  token: string,
  res: Awaited<ReturnType<typeof refund>>,
): Promise<string | undefined> {
  expect(res.statusCode, res.body).toBe(200);
  const requested = FlightOrder.parse(body(res).data);
  expect(requested.status).toBe('rfd_reviewing');
  await app.runDueJobs(afterReview());
  const quoted = await getOrder(app, token, requested.id);
  expect(quoted.status).toBe('rfd_to_be_confirm');
  return quoted.afterSales?.quote?.refundFee.amount;
}

const refundOrdersOf = async (orderId: string) =>
  (await t.database.db.select().from(flightOrders).where(eq(flightOrders.originalBookingId, orderId))).filter(
    (o) => o.type === 'refund',
  );

describe('involuntary refunds', { timeout: 90_000 }, () => {
  it('refuses an involuntary reason without a disruption on record and without a document, in the user’s language', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    expect(order.disruptionOnRecord).toBe(false);
    const ids = order.passengers.map((p) => p.id);
    for (const [reason, locale] of [
      [{ value: 2, subOption: 'delay' }, 'en'],
      [{ value: 6, subOption: 'death_certificate' }, 'zh-cn'],
    ] as const) {
      const res = await refund(token, order, ids, { reason, locale });
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res)).toMatchObject({
        code: 500013,
        message: ERROR_MESSAGES['afterSales.error.involuntaryDocument'][locale],
      });
    }
    expect(await refundOrdersOf(order.id)).toEqual([]);
  });

  it('sends a claim with a document to the desk, whose answer decides the fee', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token, { adults: 2 });
    const [first, second] = order.passengers.map((p) => p.id);
    if (!first || !second) throw new Error('two passengers');

    await setDesk({ feePercent: 50, claim: 'refuse' });
    const refused = await refund(token, order, [first], {
      reason: { value: 2, subOption: 'delay' },
      documentIds: [await uploadPdf(token, order)],
    });
    const paidPerPassenger = Number(order.price.orderTotal.amount) / 2;
    expect(Number(await quotedFee(token, refused))).toBeCloseTo(paidPerPassenger / 2, 1);

    await setDesk({ feePercent: 50, claim: 'accept' });
    const accepted = await refund(token, order, [second], {
      reason: { value: 6, subOption: 'death_certificate' },
      documentIds: [await uploadPdf(token, order)],
    });
    expect(await quotedFee(token, accepted)).toBe('0.00');
  });

  it('refunds as involuntary, without a document or the supplier’s fee, once the supplier recorded a schedule change', async () => {
    const token = await login(app);
    const order = await issuedOrder(app, token);
    const raised = await app.inject({
      method: 'POST',
      url: '/__test/disruptions',
      payload: { orderId: order.id, type: 'change', segmentIndex: 0, minutes: 95 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await getOrder(app, token, order.id)).disruptionOnRecord).toBe(true);

    // The desk would refuse a claim and charge half: a recorded disruption is not a claim.
    await setDesk({ feePercent: 50, claim: 'refuse' });
    const res = await refund(
      token,
      order,
      order.passengers.map((p) => p.id),
      {
        reason: { value: 2, subOption: 'schedule_change' },
      },
    );
    expect(await quotedFee(token, res)).toBe('0.00');
  });
});
