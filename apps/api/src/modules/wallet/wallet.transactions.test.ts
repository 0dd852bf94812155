import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { OrderType } from '@portal/domain/flight-order-status';
import { TransactionList, type TransactionRow, type WalletBalance } from '@portal/domain/wallet';
import { flightOrders } from '../flight-orders/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { toMinor } from './money';
import { reimburse } from './reimburse';

const t = useTestApp();

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const transactions = async (token: string, query = '') =>
  TransactionList.parse(body(await get(token, `/base/v2/wallet/transactions${query}`)).data).list;

/** An after-sales order of `type` made on the order `originalId`, as a copy of it (for the scene). */
async function afterSalesOrder(originalId: string, type: OrderType, bookingNumber: string): Promise<string> {
  const { db } = t.database;
  const [original] = await db.select().from(flightOrders).where(eq(flightOrders.id, originalId));
  if (!original) throw new Error('no original order');
  const id = randomUUID();
  await db
    .insert(flightOrders)
    .values({ ...original, id, bookingNumber, type, originalBookingId: originalId });
  return id;
}

/**
 * Agency 1 pays a flight order with its balance; a refund order of it gets CNY 300.00 back and a
 * void order CNY 120.50 (as their jobs do, through `reimburse`).
 */
async function withRefundAndVoid() {
  const admin = await login(t.app, 'admin');
  const flight = await bookOne(t.app, admin);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${flight.id}/payment`,
    payload: { channel: 'balance' },
    headers: { ...bearer(admin), 'idempotency-key': `pay-${flight.id}` },
  });
  expect(paid.statusCode).toBe(200);
  const refundNumber = `R${flight.bookingNumber.slice(1)}`;
  const voidNumber = `V${flight.bookingNumber.slice(1)}`;
  const refundId = await afterSalesOrder(flight.id, 'refund', refundNumber);
  const voidId = await afterSalesOrder(flight.id, 'void', voidNumber);
  await t.database.db.transaction(async (tx) => {
    const back = { agencyId: 1, currency: 'CNY', unwinds: flight.id };
    await reimburse(tx, { ...back, amountMinor: 30_000, orderId: refundId, kind: 'refund-flight' });
    await reimburse(tx, { ...back, amountMinor: 12_050, orderId: voidId, kind: 'void-flight' });
  });
  return { flight, refundNumber, voidNumber, finance: await login(t.app, 'finance') };
}

const byKind = (rows: TransactionRow[], kind: TransactionRow['kind']) => rows.filter((r) => r.kind === kind);

describe('All Transactions: kinds, signs, booking numbers and the running balance', () => {
  it('lists a refund and a void as money in, with the original booking and the after-sales order', async () => {
    const { flight, refundNumber, voidNumber, finance } = await withRefundAndVoid();
    const rows = await transactions(finance, '?pageSize=100');
    const total = flight.price.orderTotal.amount;
    expect(byKind(rows, 'payment')).toEqual([
      expect.objectContaining({
        direction: 'out',
        amount: { amount: `-${total}`, currency: 'CNY' },
        totalAmountPaid: { amount: total, currency: 'CNY' },
        originalBooking: { kind: 'flight', id: flight.id, bookingNumber: flight.bookingNumber },
        afterSalesOrder: null,
      }),
    ]);
    const [refund] = byKind(rows, 'refund');
    expect(refund).toMatchObject({
      direction: 'in',
      amount: { amount: '300.00', currency: 'CNY' },
      originalBooking: { bookingNumber: flight.bookingNumber },
      afterSalesOrder: { kind: 'flight', bookingNumber: refundNumber },
    });
    expect(byKind(rows, 'void')).toEqual([
      expect.objectContaining({
        direction: 'in',
        amount: { amount: '120.50', currency: 'CNY' },
        originalBooking: expect.objectContaining({ bookingNumber: flight.bookingNumber }),
        afterSalesOrder: expect.objectContaining({ bookingNumber: voidNumber }),
      }),
    ]);
    // The seed's opening balance is money in; its transfer to the branch is money out.
    const topUps = byKind(rows, 'top-up').map((r) => [r.direction, r.amount.amount]);
    expect(topUps).toEqual([
      ['out', '-5000.00'],
      ['in', '55000.00'],
    ]);
  });

  it('gives each row the wallet balance after it; a booking number finds its after-sales rows too', async () => {
    const { flight, refundNumber, finance } = await withRefundAndVoid();
    const oldestFirst = await transactions(finance, '?pageSize=100&sort=createdOn');
    let balance = 0;
    for (const row of oldestFirst) {
      balance += toMinor(row.amount.amount, 'CNY');
      expect(toMinor(row.balanceAfter.amount, 'CNY')).toBe(balance);
    }
    const wallets = body<WalletBalance[]>(await get(finance, '/base/v2/wallet/balances')).data;
    expect(oldestFirst.at(-1)?.balanceAfter.amount).toBe(
      wallets.find((w) => w.currency === 'CNY')?.balance.amount,
    );

    const ofBooking = await transactions(finance, `?orderId=${flight.bookingNumber}`);
    expect(ofBooking.map((r) => r.kind).sort()).toEqual(['payment', 'refund', 'void']);
    const [refund] = await transactions(finance, `?orderId=${refundNumber}`);
    const unfiltered = oldestFirst.find((r) => r.kind === 'refund');
    expect(refund?.balanceAfter).toEqual(unfiltered?.balanceAfter);
  });
});

async function sheetOf(res: LightMyRequestResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: { values: unknown[]; formats: string[] }[] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push({ values, formats: values.map((_, i) => row.getCell(i + 1).numFmt ?? '') });
  });
  return rows;
}

describe('POST /base/v2/wallet/transactions/export', () => {
  it('writes the screen columns: kind in words, both booking numbers, signed amounts, balance after', async () => {
    const { flight, refundNumber, voidNumber, finance } = await withRefundAndVoid();
    const exportIn = async (language: string) =>
      sheetOf(
        await t.app.inject({
          method: 'POST',
          url: '/base/v2/wallet/transactions/export',
          payload: { sort: 'createdOn' },
          headers: { ...bearer(finance), 'accept-language': language },
        }),
      );
    const [head, ...rows] = await exportIn('en');
    expect(head?.values).toEqual([
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
    ]);
    const screen = await transactions(finance, '?pageSize=100&sort=createdOn');
    expect(
      rows.map((r) => [r.values[0], r.values[1] ?? null, r.values[2] ?? null, r.values[7], r.values[9]]),
    ).toEqual(
      screen.map((s) => [
        { payment: 'Payment', refund: 'Refund', void: 'Void', 'top-up': 'Top-up' }[s.kind as string],
        s.originalBooking?.bookingNumber ?? null,
        s.afterSalesOrder?.bookingNumber ?? null,
        Number(s.amount.amount),
        Number(s.balanceAfter.amount),
      ]),
    );
    const refund = rows.find((r) => r.values[2] === refundNumber);
    expect(refund?.values.slice(0, 3)).toEqual(['Refund', flight.bookingNumber, refundNumber]);
    expect(refund?.values[7]).toBe(300);
    expect(refund?.formats[7]).toBe('"+"#,##0.00;"\u2212"#,##0.00;0.00');
    const payment = rows.find((r) => r.values[0] === 'Payment');
    expect(payment?.values[7]).toBe(-Number(flight.price.orderTotal.amount));

    const zh = await exportIn('zh-CN');
    expect(zh[0]?.values[0]).toBe('交易类型');
    expect(zh.find((r) => r.values[2] === voidNumber)?.values[0]).toBe('废票');
  });
});
