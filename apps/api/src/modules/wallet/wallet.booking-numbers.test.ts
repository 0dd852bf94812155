import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TransactionList, WalletEntryList } from '@portal/domain/wallet';
import { users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { insertGroupOrderFor } from '../group-orders/group-orders.test-helpers';
import { insertTrainOrderFor } from '../train-orders/train-orders.test-helpers';
import { payFromBalance } from './pay-from-balance';
import { reimburse } from './reimburse';

const t = useTestApp();

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const entries = async (token: string, query = '') =>
  WalletEntryList.parse(body(await get(token, `/base/v2/wallet/entries${query}`)).data);
const transactions = async (token: string, query = '') =>
  TransactionList.parse(body(await get(token, `/base/v2/wallet/transactions${query}`)).data);

async function adminId(): Promise<number> {
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  if (!admin) throw new Error('no admin user');
  return admin.id;
}

/**
 * Agency 1 pays a flight order (through the API), the first instalment of a group order and a
 * train order that is then refunded (through the ledger, as their modules do).
 */
async function withOrders() {
  const admin = await login(t.app, 'admin');
  const flight = await bookOne(t.app, admin);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${flight.id}/payment`,
    payload: { channel: 'balance' },
    headers: { ...bearer(admin), 'idempotency-key': `pay-${flight.id}` },
  });
  expect(paid.statusCode).toBe(200);
  const userId = await adminId();
  const { db } = t.database;
  const group = await insertGroupOrderFor(db, 1, userId, {
    status: 'to_be_pay_second',
    bookingNumber: 'G20261124000001',
  });
  const train = await insertTrainOrderFor(db, 1, userId, 'ZHANG SAN');
  await db.transaction(async (tx) => {
    await payFromBalance(tx, {
      agencyId: 1,
      currency: 'CNY',
      amountMinor: 100_000,
      orderId: `${group.id}/instalment-1`,
      kind: 'origin-flight',
      description: `Group order ${group.bookingNumber}: first deposit`,
      reference: group.bookingNumber,
    });
    await payFromBalance(tx, {
      agencyId: 1,
      currency: 'CNY',
      amountMinor: 55_300,
      orderId: train.id,
      kind: 'origin-train',
      description: `Train order ${train.bookingNumber}`,
      reference: train.bookingNumber,
    });
    await reimburse(tx, {
      agencyId: 1,
      currency: 'CNY',
      amountMinor: 55_300,
      orderId: train.id,
      description: `Train order refund ${train.bookingNumber}`,
      reference: train.bookingNumber,
    });
  });
  return { flight, group, train, finance: await login(t.app, 'finance') };
}

async function sheetOf(res: LightMyRequestResponse): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('booking numbers of wallet entries and transactions', () => {
  it('shows the booking number, kind and order of flight, group and train entries', async () => {
    const { flight, group, train, finance } = await withOrders();
    const list = (await entries(finance)).list;
    const byNumber = (n: string) => list.filter((e) => e.bookingNumber === n);
    expect(byNumber(flight.bookingNumber)).toEqual([
      expect.objectContaining({
        kind: 'origin-flight',
        orderId: flight.id,
        order: { kind: 'flight', id: flight.id, flightType: 'origin', instalment: null },
      }),
    ]);
    expect(byNumber(group.bookingNumber)).toEqual([
      expect.objectContaining({
        kind: 'origin-flight',
        order: { kind: 'group', id: group.id, flightType: null, instalment: 1 },
      }),
    ]);
    expect(byNumber(train.bookingNumber).map((e) => [e.kind, e.paymentType, e.order?.kind])).toEqual([
      ['reimbursement', 'refund-flight', 'train'],
      ['origin-train', 'origin-train', 'train'],
    ]);
    const opening = list.find((e) => e.paymentReference === 'DEMO-OPENING-1');
    expect(opening).toMatchObject({ kind: 'top-up', openingBalance: true, bookingNumber: null, order: null });

    const rows = (await transactions(finance)).list;
    expect(rows.find((r) => r.originalOrderId === flight.id)).toMatchObject({
      bookingNumber: flight.bookingNumber,
      order: { kind: 'flight', id: flight.id },
    });
  });

  it('finds the entries of an order by its booking number in any letter case, or by its id', async () => {
    const { flight, group, train, finance } = await withOrders();
    const numbers = async (query: string) =>
      (await entries(finance, `?orderId=${encodeURIComponent(query)}`)).list.map((e) => e.bookingNumber);
    expect(await numbers(flight.bookingNumber.toLowerCase())).toEqual([flight.bookingNumber]);
    expect(await numbers(` ${group.bookingNumber} `)).toEqual([group.bookingNumber]);
    expect(await numbers(train.bookingNumber)).toEqual([train.bookingNumber, train.bookingNumber]);
    expect(await numbers(flight.id)).toEqual([flight.bookingNumber]);
    expect(await numbers(group.id)).toEqual([group.bookingNumber]);
    expect(await numbers(flight.bookingNumber.slice(0, -1))).toEqual([]);

    const tx = await transactions(finance, `?orderId=${train.bookingNumber.toLowerCase()}`);
    expect(tx.list.map((r) => r.bookingNumber)).toEqual([train.bookingNumber, train.bookingNumber]);

    // Another agency's finance user never finds agency 1's order by its number.
    const [own] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
    await t.database.db.insert(users).values({
      username: 'partnerfin',
      agencyId: 222,
      roles: ['finance'],
      passwordHash: own?.passwordHash ?? '',
    });
    const partner = await login(t.app, 'partnerfin');
    expect((await entries(partner, `?orderId=${flight.bookingNumber}`)).total).toBe(0);
  });

  it('writes the booking number into the Excel exports', async () => {
    const { flight, train, finance } = await withOrders();
    const exportOf = (what: 'entries' | 'transactions', payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/base/v2/wallet/${what}/export`,
        payload,
        headers: { ...bearer(finance), 'accept-language': 'en' },
      });
    const [head, row] = await sheetOf(await exportOf('entries', { orderId: flight.bookingNumber }));
    expect(head?.[2]).toBe('Booking number');
    expect(row?.[2]).toBe(flight.bookingNumber);
    const [txHead, txRow] = await sheetOf(await exportOf('transactions', { orderId: train.bookingNumber }));
    expect(txHead?.[1]).toBe('Original booking number');
    expect(txRow?.[1]).toBe(train.bookingNumber);
  });

  it('writes each description in the language of the export, the stored text where there is no label', async () => {
    const { flight, group, train, finance } = await withOrders();
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/wallet/entries/export',
      payload: { sort: 'paymentTime' },
      headers: { ...bearer(finance), 'accept-language': 'zh-CN' },
    });
    const [head, ...rows] = await sheetOf(res);
    expect(head?.[6]).toBe('说明');
    expect(rows.map((r) => r[6])).toEqual([
      '期初余额',
      '划拨给下级代理 TripBridge East Branch',
      `机票订单 ${flight.bookingNumber}`,
      `团队订单 ${group.bookingNumber}：第一期订金`,
      `火车票订单 ${train.bookingNumber}`,
      `火车票订单退款 ${train.bookingNumber}`,
    ]);
  });
});
