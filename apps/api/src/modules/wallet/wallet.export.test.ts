import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { agencies } from '../agencies/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';

const t = useTestApp();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function exportOf(token: string, what: 'entries' | 'transactions', payload: object = {}, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/base/v2/wallet/${what}/export`,
    payload,
    headers: { ...bearer(token), 'accept-language': language },
  });
}

/** The first sheet's rows as arrays of cell values (index 0 = column A). */
async function sheetOf(res: LightMyRequestResponse): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

async function paidOrder(token: string) {
  const order = await bookOne(t.app, token);
  const res = await t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${order.id}/payment`,
    payload: { channel: 'balance' },
    headers: { ...bearer(token), 'idempotency-key': `pay-${order.id}` },
  });
  expect(res.statusCode).toBe(200);
  return order;
}

async function showInvoiceType(on: boolean) {
  await t.database.db
    .update(agencies)
    .set({
      commonConfig: sql`${agencies.commonConfig} || ${JSON.stringify({ showInvoiceTypeInExcel: on })}::jsonb`,
    })
    .where(eq(agencies.id, 1));
}

describe('POST /base/v2/wallet/entries/export', () => {
  it('answers an .xlsx with localized headings, money as numbers and UTC times', async () => {
    const res = await exportOf(await login(t.app, 'finance'), 'entries');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="wallet-entries-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const [head, first, ...rest] = await sheetOf(res);
    expect(head).toEqual([
      'Payment type',
      'Payment time (UTC)',
      'Booking number',
      'Payment reference',
      'Currency',
      'Amount paid',
      'Description',
    ]);
    // The seed funds agency 1 with 55,000.00 and agency 1 transfers 5,000.00 to its branch (newest first).
    const [opening, ...none] = rest;
    expect(none).toEqual([]);
    expect(first?.[0]).toBe('Top-up');
    expect(first?.[1]).toBeInstanceOf(Date);
    expect(first?.[4]).toBe('CNY');
    expect(first?.[5]).toBe(-5000);
    expect(first?.[6]).toBe('Transfer to sub-agency TripBridge East Branch');
    expect(opening?.[5]).toBe(55000);
  });

  it('adds the fare invoice type of flight orders when the agency config says so', async () => {
    await showInvoiceType(true);
    const admin = await login(t.app, 'admin');
    const order = await paidOrder(admin);
    const res = await exportOf(await login(t.app, 'finance'), 'entries', { type: 'origin-flight' });
    const [head, row, ...rest] = await sheetOf(res);
    expect(head?.at(-1)).toBe('Invoice type');
    expect(rest).toEqual([]);
    expect(row?.[0]).toBe('Flight booking');
    expect(row?.[2]).toBe(order.bookingNumber);
    expect(row?.[5]).toBe(-Number(order.price.orderTotal.amount));
    expect(['Bill', 'Itinerary', 'Itinerary with bill', 'None']).toContain(row?.at(-1));

    const all = await sheetOf(await exportOf(await login(t.app, 'finance'), 'entries'));
    const topUp = all.find((r) => r[0] === 'Top-up');
    expect(topUp?.length ?? 0).toBeLessThan(8); // no order: the invoice-type cell stays empty
  });

  it('names the file in Chinese (RFC 5987) and writes Chinese headings', async () => {
    const res = await exportOf(await login(t.app, 'finance'), 'entries', {}, 'zh-CN');
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="wallet-entries-${date}.xlsx"; filename*=UTF-8''${encodeURIComponent(`钱包流水-${date}.xlsx`)}`,
    );
    const [head] = await sheetOf(res);
    expect(head?.[0]).toBe('支付类型');
    const tw = await sheetOf(await exportOf(await login(t.app, 'finance'), 'entries', {}, 'zh-TW'));
    expect(tw[0]?.[0]).toBe('支付類型');
  });

  it('refuses an operator (403) and bad filters (400)', async () => {
    const operator = await login(t.app, 'operator');
    for (const what of ['entries', 'transactions'] as const) {
      const res = await exportOf(operator, what);
      expect(res.statusCode).toBe(403);
      expect(body(res).code).toBe(100003);
    }
    const bad = await exportOf(await login(t.app, 'finance'), 'entries', { type: 'salary' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /base/v2/wallet/transactions/export', () => {
  it('lists the transaction rows with fee columns and the invoice type', async () => {
    await showInvoiceType(true);
    const order = await paidOrder(await login(t.app, 'admin'));
    const res = await exportOf(await login(t.app, 'finance'), 'transactions', { orderId: order.id });
    expect(res.statusCode).toBe(200);
    const [head, row, ...rest] = await sheetOf(res);
    expect(head).toEqual([
      'Transaction type',
      'Original booking number',
      'After-sales order number',
      'Reference ID',
      'Payment method',
      'Currency',
      'Total amount paid',
      'Amount',
      'Handling fee',
      'Balance after',
      'Payment time (UTC)',
      'Created on (UTC)',
      'Invoice type',
    ]);
    expect(rest).toEqual([]);
    expect(row?.slice(0, 6)).toEqual([
      'Payment',
      order.bookingNumber,
      undefined, // no after-sales order: an empty cell
      order.bookingNumber,
      'Balance',
      order.price.orderTotal.currency,
    ]);
    expect(row?.[8]).toBe(0);
  });
});
