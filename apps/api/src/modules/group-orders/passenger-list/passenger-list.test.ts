import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import type { GroupOrderStatus } from '@portal/domain/group-order-status';
import {
  GROUP_PASSENGER_COLUMNS,
  GroupPassengerList,
  GroupPassengerUploadErrors,
  type GroupPassengerColumn,
} from '@portal/domain/group-passenger-list';
import { users } from '../../users/index';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { groupOrderEvents, groupOrders } from '../group-orders.schema';
import { passengerListState } from './passenger-list.repo';
import { groupPassengers } from './passenger-list.schema';

const t = useTestApp({ REQUEST_LIMIT_SCALE: '100' });

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** A group order of `username`'s agency, as the group module stores it after a quote was picked. */
async function groupOrder(
  username = 'admin',
  options: { status?: GroupOrderStatus; deadlineInDays?: number } = {},
): Promise<string> {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  const [order] = await t.database.db
    .insert(groupOrders)
    .values({
      bookingNumber: `G${Date.now()}${Math.floor(Math.random() * 1000)}`,
      agencyId: user.agencyId,
      userId: user.id,
      status: options.status ?? 'to_be_pay_first',
      request: {
        journeys: [{ origin: 'PEK', destination: 'SHA', date: isoDay(60) }],
        isChangeDate: false,
        acceptChangeFlight: false,
        passengers: { adult: 9, child: 1, infant: 0 },
      },
      currency: 'CNY',
      timeZone: 'Asia/Shanghai',
      desk: 'sim',
      passengerListDeadline: new Date(Date.now() + (options.deadlineInDays ?? 10) * DAY),
    })
    .returning();
  if (!order) throw new Error('group order not inserted');
  return order.id;
}

const base = (id: string) => `/order/v2/group/orders/${id}/passengers`;

type Row = Record<GroupPassengerColumn, string>;

function passengers(): Row[] {
  const rows: Row[] = Array.from({ length: 9 }, (_, i) => ({
    type: 'adult',
    surname: 'WANG',
    givenNames: `PASSENGER ${'ABCDEFGHI'[i] ?? 'A'}`,
    gender: i % 2 === 0 ? 'male' : 'female',
    birthday: '1980-03-04',
    nationality: 'CN',
    documentType: 'passport',
    documentNumber: `P${1000000 + i}`,
    documentExpiry: isoDay(2000),
  }));
  rows.push({
    ...rows[0],
    type: 'child',
    givenNames: 'LITTLE',
    birthday: isoDay(-6 * 365),
    documentNumber: 'P2000000',
  } as Row);
  return rows;
}

/** The API's template with `rows` written into the first sheet from row 2 on. */
async function filledTemplate(token: string, id: string, rows: readonly Row[]): Promise<Buffer> {
  const res = await t.app.inject({ url: `${base(id)}/template`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  rows.forEach((row, r) => {
    GROUP_PASSENGER_COLUMNS.forEach((c, i) => {
      sheet.getRow(r + 2).getCell(i + 1).value = row[c.code];
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `xlsx` with one more entry, `xl/media/padding.bin`: `size` zero bytes, deflated (a few KB on the wire). */
async function withPadding(xlsx: Buffer, size: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  zip.file('xl/media/padding.bin', Buffer.alloc(size));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function upload(token: string, id: string, bytes: Buffer, name = 'list.xlsx', locale = 'en') {
  const boundary = `----group${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: base(id),
    payload,
    headers: {
      ...bearer(token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': locale,
    },
  });
}

const confirm = (token: string, id: string) =>
  t.app.inject({ method: 'POST', url: `${base(id)}/confirmation`, headers: bearer(token) });

describe('group passenger list', () => {
  it('serves a template with the headers in the caller language, one row per expected passenger and an example', async () => {
    const token = await login(t.app, 'operator');
    const id = await groupOrder('operator');
    const res = await t.app.inject({
      url: `${base(id)}/template`,
      headers: { ...bearer(token), 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('group-passengers.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet, example] = workbook.worksheets;
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      ...GROUP_PASSENGER_COLUMNS.map((c) => c.label['zh-cn']),
    ]);
    const types = Array.from({ length: 10 }, (_, i) => sheet?.getRow(i + 2).getCell(1).value);
    expect(types).toEqual([...Array.from({ length: 9 }, () => 'adult'), 'child']);
    expect(sheet?.getRow(2).getCell(4).dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"male,female"'],
    });
    expect(example?.getRow(2).getCell(2).value).toBe('ZHANG');
  });

  it('stores a valid upload as the list (uploaded), masked, and answers it with its state', async () => {
    const token = await login(t.app);
    const id = await groupOrder();
    expect(await passengerListState(t.database.db, id)).toBe('missing');
    const res = await upload(token, id, await filledTemplate(token, id, passengers()));
    expect(res.statusCode, res.body).toBe(200);
    const list = GroupPassengerList.parse(body(res).data);
    expect(list).toMatchObject({
      state: 'uploaded',
      restrictions: null,
      counts: { adult: 9, child: 1, infant: 0 },
    });
    expect(list.allowedActions).toEqual(['uploadPassengers', 'confirmPassengers']);
    expect(list.passengers).toHaveLength(10);
    expect(list.passengers[9]).toMatchObject({ position: 10, type: 'child', documentNumber: '****0000' });
    expect(await passengerListState(t.database.db, id)).toBe('uploaded');

    const read = await t.app.inject({ url: base(id), headers: bearer(token) });
    expect(GroupPassengerList.parse(body(read).data).passengers).toEqual(list.passengers);
  });

  it('lists the errors of a bad row by its sheet row and column, in the caller language, and keeps the old list', async () => {
    const token = await login(t.app);
    const id = await groupOrder();
    expect((await upload(token, id, await filledTemplate(token, id, passengers()))).statusCode).toBe(200);
    const rows = passengers();
    rows[2] = { ...(rows[2] as Row), surname: '王', birthday: isoDay(3), documentNumber: '' };
    const res = await upload(token, id, await filledTemplate(token, id, rows), 'list.xlsx', 'zh-TW');
    expect(res.statusCode, res.body).toBe(400);
    const answer = body<unknown>(res);
    expect(answer.code).toBe(ERRORS.GROUP_PASSENGER_LIST_INVALID.code);
    expect(answer.message).toBe('乘客名單有誤，請修改所列的列後重新上傳');
    const { errors } = GroupPassengerUploadErrors.parse(answer.data);
    expect(errors.map((e) => [e.row, e.column, e.key])).toEqual([
      [4, 'surname', 'passenger.surname.letters'],
      [4, 'birthday', 'passenger.birthday.afterToday'],
      [4, 'documentNumber', 'passenger.documentNumber.required'],
    ]);
    const kept = GroupPassengerList.parse(
      body(await t.app.inject({ url: base(id), headers: bearer(token) })).data,
    );
    expect(kept.passengers[2]?.surname).toBe('WANG');
  });

  it('refuses a list whose counts per type differ from the order', async () => {
    const token = await login(t.app);
    const id = await groupOrder();
    // Ten valid adults where the order has nine adults and one child.
    const rows = passengers().map((row, i) => ({
      ...row,
      type: 'adult',
      birthday: '1980-03-04',
      documentNumber: `P${3000000 + i}`,
    }));
    const res = await upload(token, id, await filledTemplate(token, id, rows));
    expect(res.statusCode, res.body).toBe(400);
    const { errors } = GroupPassengerUploadErrors.parse(body(res).data);
    expect(errors).toEqual([
      {
        row: null,
        column: null,
        key: 'passenger.count.mismatch',
        params: { type: 'adult', expected: 9, actual: 10 },
      },
      {
        row: null,
        column: null,
        key: 'passenger.count.mismatch',
        params: { type: 'child', expected: 1, actual: 0 },
      },
    ]);
    expect(await passengerListState(t.database.db, id)).toBe('missing');
  });

  it('refuses a file that is not an xlsx by its content, whatever its name (import format error)', async () => {
    const token = await login(t.app);
    const id = await groupOrder();
    const csv = Buffer.from(
      `${GROUP_PASSENGER_COLUMNS.map((c) => c.code).join(',')}\nadult,WANG,WEI,male,1980-01-01,CN,passport,P1,2030-01-01\n`,
    );
    const notXlsx = await upload(token, id, csv, 'list.xlsx');
    expect(notXlsx.statusCode, notXlsx.body).toBe(400);
    expect(body(notXlsx)).toMatchObject({
      code: ERRORS.GROUP_PASSENGER_IMPORT_FORMAT.code,
      message: /Import format error/,
    });
    const zipNotXlsx = await upload(token, id, Buffer.from('PK\u0003\u0004garbage'), 'list.xlsx');
    expect(body(zipNotXlsx).code).toBe(ERRORS.GROUP_PASSENGER_IMPORT_FORMAT.code);

    const other = new ExcelJS.Workbook();
    other.addWorksheet('x').addRow(['name', 'age']);
    const wrongHeaders = await upload(token, id, Buffer.from(await other.xlsx.writeBuffer()));
    expect(body(wrongHeaders).code).toBe(ERRORS.GROUP_PASSENGER_IMPORT_FORMAT.code);
    expect(await passengerListState(t.database.db, id)).toBe('missing');
  });

  it('refuses a small file that inflates to far more than any passenger list (a zip bomb) before reading it', async () => {
    const token = await login(t.app);
    const id = await groupOrder();
    const bomb = await withPadding(await filledTemplate(token, id, passengers()), 64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(token, id, bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res)).toMatchObject({
      code: ERRORS.GROUP_PASSENGER_IMPORT_FORMAT.code,
      data: { reason: 'too_large' },
    });
    expect(await passengerListState(t.database.db, id)).toBe('missing');
  });

  it('confirms the list once: later uploads and confirmations are refused, the timeline records it', async () => {
    const token = await login(t.app);
    const id = await groupOrder();
    const missing = await confirm(token, id);
    expect(body(missing).code).toBe(ERRORS.GROUP_PASSENGER_LIST_NOT_OPEN.code);
    const file = await filledTemplate(token, id, passengers());
    expect((await upload(token, id, file)).statusCode).toBe(200);

    const res = await confirm(token, id);
    expect(res.statusCode, res.body).toBe(200);
    const list = GroupPassengerList.parse(body(res).data);
    expect(list.state).toBe('confirmed');
    expect(list.confirmedAt).not.toBeNull();
    expect(list.allowedActions).toEqual([]);

    const again = await upload(token, id, file);
    expect(again.statusCode, again.body).toBe(409);
    expect(body(again).code).toBe(ERRORS.GROUP_PASSENGER_LIST_LOCKED.code);
    expect(body(await confirm(token, id)).code).toBe(ERRORS.GROUP_PASSENGER_LIST_LOCKED.code);
    expect(await passengerListState(t.database.db, id)).toBe('confirmed');
    const events = await t.database.db
      .select()
      .from(groupOrderEvents)
      .where(eq(groupOrderEvents.orderId, id));
    expect(events.map((e) => e.event)).toEqual(['passengers_confirmed']);
  });

  it('never lets an upload racing the confirmation change a confirmed list', async () => {
    const token = await login(t.app);
    const id = await groupOrder();
    expect((await upload(token, id, await filledTemplate(token, id, passengers()))).statusCode).toBe(200);
    const renamed = passengers().map((row) => ({ ...row, surname: 'CHEN' }));
    const file = await filledTemplate(token, id, renamed);
    const [confirmed, uploaded] = await Promise.all([confirm(token, id), upload(token, id, file)]);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const rows = await t.database.db.select().from(groupPassengers).where(eq(groupPassengers.orderId, id));
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.confirmedAt !== null)).toBe(true);
    // The upload either landed before the confirmation (its names were confirmed) or was refused.
    const surnames = new Set(rows.map((row) => row.surname));
    expect(surnames).toEqual(new Set([uploaded.statusCode === 200 ? 'CHEN' : 'WANG']));
    if (uploaded.statusCode !== 200)
      expect(body(uploaded).code).toBe(ERRORS.GROUP_PASSENGER_LIST_LOCKED.code);
  });

  it('refuses uploads before a quote is picked and after the list deadline', async () => {
    const token = await login(t.app);
    const early = await groupOrder('admin', { status: 'to_be_quote' });
    const file = await filledTemplate(token, early, passengers());
    expect(body(await upload(token, early, file)).code).toBe(ERRORS.GROUP_PASSENGER_LIST_NOT_OPEN.code);
    const late = await groupOrder('admin', { deadlineInDays: -1 });
    expect(body(await upload(token, late, file)).code).toBe(ERRORS.GROUP_PASSENGER_LIST_NOT_OPEN.code);
  });

  it("answers 404 for another agency's order on every passenger list route", async () => {
    const owner = await login(t.app);
    const id = await groupOrder();
    const file = await filledTemplate(owner, id, passengers());
    const partner = await login(t.app, 'partner');
    const calls = [
      await t.app.inject({ url: `${base(id)}/template`, headers: bearer(partner) }),
      await t.app.inject({ url: base(id), headers: bearer(partner) }),
      await upload(partner, id, file),
      await confirm(partner, id),
    ];
    expect(calls.map((c) => c.statusCode)).toEqual([404, 404, 404, 404]);
    expect(await passengerListState(t.database.db, id)).toBe('missing');
  });
});
