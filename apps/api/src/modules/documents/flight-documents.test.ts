import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { createLocalFileStorage } from '../../platform/files';
import { bearer, body, login, testConfig, useTestApp } from '../../test/app';
import { issuedOrder } from '../flight-orders/after-sales/after-sales.test-helpers';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { agencies } from '../agencies/index';
import { flightOrders } from '../flight-orders/index';
import { flightDocumentModel, formatMoney } from './flight-document.model';
import { pdfText } from './pdf-text.test-helpers';

const t = useTestApp();

const squash = (text: string) => text.replace(/\s+/g, '');

async function download(token: string, id: string, kind: 'itinerary' | 'invoice', lang?: string) {
  return t.app.inject({
    url: `/order/v2/flight/orders/${id}/traveller-documents/${kind}${lang ? `?lang=${lang}` : ''}`,
    headers: bearer(token),
  });
}

async function textOf(token: string, order: FlightOrder, kind: 'itinerary' | 'invoice', lang: string) {
  const res = await download(token, order.id, kind, lang);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return squash(await pdfText(res.rawPayload));
}

/** Stores a PNG logo for the agency where the app keeps uploaded logos. */
async function giveLogo(agencyId: number) {
  const canvas = createCanvas(200, 80);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1677ff';
  context.fillRect(0, 0, 200, 80);
  const logos = createLocalFileStorage(path.join(testConfig().dataDir, 'logos'));
  const logoFile = await logos.put(await canvas.encode('png'), { contentType: 'image/png' });
  await t.database.db.update(agencies).set({ logoFile }).where(eq(agencies.id, agencyId));
}

const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');

async function setInvoiceType(orderId: string, type: string) {
  await t.database.db
    .update(flightOrders)
    .set({
      solution: sql`jsonb_set(${flightOrders.solution}, '{restrictions,invoiceType}', to_jsonb(${type}::text))`,
    })
    .where(eq(flightOrders.id, orderId));
}

describe('the e-ticket itinerary and receipt of a flight order', () => {
  it('names the passengers with their tickets, the booking, the PNR, the flights and the amounts', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token, { adults: 2 });
    const text = await textOf(token, order, 'itinerary', 'en');

    expect(text).toContain(squash('E-ticket itinerary and receipt'));
    expect(text).toContain(order.bookingNumber);
    expect(order.pnr).toBeTruthy();
    expect(text).toContain(order.pnr ?? '');
    for (const p of order.passengers) {
      expect(text).toContain(squash(`${p.surname}/${p.given_names}`.toUpperCase()));
      expect(p.ticketNumbers.length).toBeGreaterThan(0);
      for (const ticket of p.ticketNumbers) expect(text).toContain(ticket);
    }
    for (const s of order.segments) {
      expect(text).toContain(`${s.marketingCarrier}${s.flightNumber}`);
      expect(text).toContain(squash(s.departure.time.replace('T', ' ')));
      expect(text).toContain(`(${s.departure.airport})`);
      expect(text).toContain(`(${s.arrival.airport})`);
    }
    const { orderTotal, ticketPrice } = order.price;
    expect(text).toContain(
      squash(formatMoney(Math.round(Number(orderTotal.amount) * 100), orderTotal.currency)),
    );
    expect(text).toContain(
      squash(formatMoney(Math.round(Number(ticketPrice.amount) * 100), ticketPrice.currency)),
    );
  });

  it('carries the agency logo once it has one (white-label)', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const before = await download(token, order.id, 'itinerary', 'en');
    expect(hasImage(before.rawPayload)).toBe(false);
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, order.id));
    if (!row) throw new Error('no order');
    await giveLogo(row.agencyId);
    const after = await download(token, order.id, 'itinerary', 'en');
    expect(after.statusCode).toBe(200);
    expect(hasImage(after.rawPayload)).toBe(true);
  });

  it('writes Chinese labels and a Chinese agency name in simplified and traditional Chinese', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, order.id));
    if (!row) throw new Error('no order');
    await t.database.db
      .update(agencies)
      .set({ name: '环球商旅臺灣分公司' })
      .where(eq(agencies.id, row.agencyId));

    const simplified = await textOf(token, order, 'itinerary', 'zh-cn');
    expect(simplified).toContain('电子客票行程单及收据');
    expect(simplified).toContain('票号');
    expect(simplified).toContain('环球商旅臺灣分公司');
    expect(simplified).toContain(order.passengers[0]?.ticketNumbers[0] ?? 'no ticket');

    const traditional = await textOf(token, order, 'itinerary', 'zh-tw');
    expect(traditional).toContain('電子機票行程單及收據');
    expect(traditional).toContain('票號');
    // 艙 is not in the main font file: written with the slice of the font that holds it.
    expect(traditional).toContain('艙等');
    expect(traditional).toContain('經濟艙');
  });

  it('is not found for another agency, and not ready before the tickets are issued', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const partner = await login(t.app, 'partner');
    const foreign = await download(partner, order.id, 'itinerary');
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).message).toBeTruthy();

    const unpaid = await bookOne(t.app, token);
    const early = await download(token, unpaid.id, 'itinerary', 'en');
    expect(early.statusCode).toBe(409);
    expect(body(early).code).toBe(500050);
  });
});

describe('the invoice of a flight order', () => {
  it("follows the fare's invoice type, and is refused when the fare gives none", async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);

    await setInvoiceType(order.id, 'bill');
    const bill = await textOf(token, order, 'invoice', 'zh-cn');
    expect(bill).toContain('账单');
    expect(bill).toContain(order.bookingNumber);
    expect(bill).toContain(order.passengers[0]?.ticketNumbers[0] ?? 'no ticket');

    await setInvoiceType(order.id, 'itinerary-with-bill');
    const both = await textOf(token, order, 'invoice', 'en');
    expect(both).toContain(squash('Itinerary with bill'));
    expect(both).toContain(order.segments[0]?.flightNumber ?? 'no flight');

    await setInvoiceType(order.id, 'none');
    const none = await download(token, order.id, 'invoice', 'en');
    expect(none.statusCode).toBe(409);
    expect(body(none).code).toBe(500051);
  });
});

describe('the amounts of a change order', () => {
  it("are the change's quote, its total the amount due, not the new fare", async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, order.id));
    if (!row) throw new Error('no order');
    const quote = {
      currency: 'CNY',
      paidMinor: row.orderTotalMinor,
      priceDifferenceMinor: 12_000,
      taxDifferenceMinor: 0,
      changeFeeMinor: 30_000,
      refundFeeMinor: 0,
      serviceFeeMinor: 5_000,
      refundableTotalMinor: 0,
      amountDueMinor: 47_000,
    };
    const change = {
      ...row,
      type: 'change' as const,
      orderTotalMinor: 47_000,
      afterSales: {
        selection: { passengerIds: [], segmentIndexes: [] },
        refundReason: null,
        changeReason: 1,
        remark: null,
        quote,
        rejectReason: null,
      },
    };
    const party = { agencyName: 'A', logo: null, now: new Date(), timeZone: 'Asia/Shanghai' };
    const model = flightDocumentModel(change, party, 'en', 'Itinerary');
    expect(model.amounts).toEqual([
      { label: 'Fare difference', value: 'CNY 120.00' },
      { label: 'Tax difference', value: 'CNY 0.00' },
      { label: 'Change fee', value: 'CNY 300.00' },
      { label: 'Service fee', value: 'CNY 50.00' },
    ]);
    expect(model.total).toEqual({ label: 'Total', value: 'CNY 470.00' });
  });
});

describe('formatMoney', () => {
  it('groups thousands and keeps the minor digits of the currency', () => {
    expect(formatMoney(123456789, 'CNY')).toBe('CNY 1,234,567.89');
    expect(formatMoney(-5000, 'USD')).toBe('USD -50.00');
    expect(formatMoney(1200, 'JPY')).toBe('JPY 1,200');
  });
});
