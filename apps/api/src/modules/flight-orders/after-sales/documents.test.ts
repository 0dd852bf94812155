import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SupportingDocument } from '@portal/domain/after-sales';
import { ERRORS } from '@portal/domain/errors';
import { AppError } from '../../../platform/errors';
import { bearer, body, login, useTestApp } from '../../../test/app';
import { bookOne } from '../flight-orders.test-helpers';
import { flightOrders } from '../flight-orders.schema';
import { orderDocuments } from './after-sales.schema';
import { attachDocuments, sanitizeFileName, UNATTACHED_DOCUMENT_TTL_MS } from './documents';
import { setCommonConfig } from '../../../test/agency-config';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-documents-'));
const t = useTestApp({ DATA_DIR: dataDir, REQUEST_LIMIT_SCALE: '100' });

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const MB2 = 2 * 1024 * 1024;

interface Part {
  name: string;
  bytes: Buffer;
  type?: string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----docs${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name}"\r\n` +
        `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    p.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const url = (orderId: string) => `/order/v2/flight/orders/${orderId}/documents`;

async function upload(token: string, orderId: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: url(orderId),
    headers: { ...bearer(token), ...headers, 'accept-language': 'en' },
    payload,
  });
}

async function listDocs(token: string, orderId: string) {
  const res = await t.app.inject({ url: url(orderId), headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return SupportingDocument.array().parse(body(res).data);
}

/** Every file under the documents folder (the storage writes `<key>` and `<key>.json`). */
function storedFiles(): string[] {
  const dir = path.join(dataDir, 'documents');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => {
    return fs.statSync(path.join(dir, f)).isFile();
  });
}

async function rowCount(): Promise<number> {
  return (await t.database.db.select().from(orderDocuments)).length;
}

/** Asserts the spec's upload message with `reason`, and that no file or row was added. */
async function expectRefused(res: Awaited<ReturnType<typeof upload>>, reason: string, before: number) {
  expect(res.statusCode, res.body).toBe(400);
  expect(body(res)).toMatchObject({
    code: ERRORS.DOCUMENT_REJECTED.code,
    message: 'Upload failed, try later or contact the administrator',
    data: { reason },
  });
  expect(await rowCount()).toBe(0);
  expect(storedFiles().length).toBe(before);
}

// Each test books orders through the API: generous on a busy machine.
describe('supporting documents', { timeout: 60_000 }, () => {
  it('stores jpg, png and pdf by a random key, lists and downloads them with their stored type', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const res = await upload(token, order.id, [
      { name: '../../etc/medical <note>.pdf', bytes: PDF, type: 'image/png' },
      { name: 'scan.png', bytes: PNG },
      { name: '护照.jpg', bytes: JPG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const docs = SupportingDocument.array().parse(body(res).data);
    expect(docs.map((d) => [d.fileName, d.contentType, d.sizeBytes, d.afterSalesOrderId])).toEqual([
      ['medical note.pdf', 'application/pdf', PDF.length, null],
      ['scan.png', 'image/png', PNG.length, null],
      ['护照.jpg', 'image/jpeg', JPG.length, null],
    ]);
    // Stored under random hex keys, never by the user's file name.
    const files = storedFiles();
    expect(files).toHaveLength(6);
    for (const f of files) expect(path.basename(f)).toMatch(/^[0-9a-f]{32}(\.json)?$/);

    expect((await listDocs(token, order.bookingNumber)).map((d) => d.id).sort()).toEqual(
      docs.map((d) => d.id).sort(),
    );
    const pdf = docs[0];
    if (!pdf) throw new Error('no document');
    const download = await t.app.inject({ url: `${url(order.id)}/${pdf.id}`, headers: bearer(token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''medical%20note.pdf");
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses other content under a .pdf name, 2 MB + 1 byte, empty files and a sixth file, storing nothing', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const before = storedFiles().length;
    const fake = Buffer.from('<html><script>alert(1)</script></html>');
    await expectRefused(
      await upload(token, order.id, [
        { name: 'ok.png', bytes: PNG },
        { name: 'invoice.pdf', bytes: fake, type: 'application/pdf' },
      ]),
      'type_not_allowed',
      before,
    );
    const big = Buffer.concat([PDF, Buffer.alloc(MB2 + 1 - PDF.length, 0x20)]);
    expect(big.length).toBe(MB2 + 1);
    const tooBig = await upload(token, order.id, [
      { name: 'a.pdf', bytes: PDF },
      { name: 'big.pdf', bytes: big },
    ]);
    await expectRefused(tooBig, 'too_large', before);
    expect(body(tooBig).data).toMatchObject({ fileName: 'big.pdf', maxBytes: MB2 });
    await expectRefused(
      await upload(token, order.id, [{ name: 'e.pdf', bytes: Buffer.alloc(0) }]),
      'empty',
      before,
    );
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }));
    await expectRefused(await upload(token, order.id, six), 'too_many', before);

    // Exactly 2 MB is fine; five held uploads leave no room for a sixth in a later request.
    const exact = Buffer.concat([PDF, Buffer.alloc(MB2 - PDF.length, 0x20)]);
    const five = await upload(token, order.id, [{ name: 'exact.pdf', bytes: exact }, ...six.slice(0, 4)]);
    expect(five.statusCode, five.body).toBe(200);
    const sixth = await upload(token, order.id, [{ name: 'late.png', bytes: PNG }]);
    expect(sixth.statusCode).toBe(400);
    expect(body(sixth).data).toMatchObject({ reason: 'too_many', maxFiles: 0 });
    expect(await rowCount()).toBe(5);
    expect(storedFiles().length).toBe(before + 10);
  });

  it("an abandoned request's uploads expire after 24 hours: they stop counting, and the next upload deletes them and their files", async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const before = storedFiles().length;
    const five = (tag: string) =>
      Array.from({ length: 5 }, (_, i) => ({ name: `${tag}${i}.png`, bytes: PNG }));
    expect((await upload(token, order.id, five('old'))).statusCode).toBe(200);
    const age = (hours: number) =>
      t.database.db
        .update(orderDocuments)
        .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(orderDocuments.orderId, order.id));
    await age(23);
    const stillHeld = await upload(token, order.id, [{ name: 'one.png', bytes: PNG }]);
    expect([stillHeld.statusCode, body(stillHeld).data]).toMatchObject([400, { reason: 'too_many' }]);
    await age(25);
    expect((await listDocs(token, order.id)).map((d) => d.fileName)).toEqual([]);
    const next = await upload(token, order.id, five('new'));
    expect(next.statusCode, next.body).toBe(200);
    expect((await listDocs(token, order.id)).map((d) => d.fileName).sort()).toEqual(
      five('new').map((f) => f.name),
    );
    expect(await rowCount()).toBe(5);
    expect(storedFiles().length).toBe(before + 10);
  });

  it('two uploads at once cannot pass the limit of 5 together', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const before = storedFiles().length;
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `c${i}.png`, bytes: PNG }));
    const answers = await Promise.all([upload(token, order.id, three), upload(token, order.id, three)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await rowCount()).toBe(3);
    // The refused request's files were written before its transaction refused them: removed again.
    expect(storedFiles().length).toBe(before + 6);
  });

  it('another agency gets 404 for the list, the download, the delete and the upload', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const up = await upload(token, order.id, [{ name: 'a.png', bytes: PNG }]);
    const [doc] = SupportingDocument.array().parse(body(up).data);
    if (!doc) throw new Error('no document');
    const other = await login(t.app, 'subop');
    const calls = [
      { method: 'GET' as const, url: url(order.id) },
      { method: 'GET' as const, url: `${url(order.id)}/${doc.id}` },
      { method: 'DELETE' as const, url: `${url(order.id)}/${doc.id}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(other) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect((await upload(other, order.id, [{ name: 'b.png', bytes: PNG }])).statusCode).toBe(404);
    // Its own order's id with our document id: still 404.
    const theirs = await bookOne(t.app, other);
    const cross = await t.app.inject({ url: `${url(theirs.id)}/${doc.id}`, headers: bearer(other) });
    expect(cross.statusCode).toBe(404);
    expect(await rowCount()).toBe(1);
  });

  it('shows an only-own-orders agency the documents of its own orders only', async () => {
    const admin = await login(t.app);
    const order = await bookOne(t.app, admin);
    await upload(admin, order.id, [{ name: 'a.png', bytes: PNG }]);
    const operator = await login(t.app, 'operator');
    expect(await listDocs(operator, order.id)).toHaveLength(1);
    await setCommonConfig(t.database.db, 1, { onlyShowOwnOrders: true });
    const res = await t.app.inject({ url: url(order.id), headers: bearer(operator) });
    expect(res.statusCode).toBe(404);
    expect((await upload(operator, order.id, [{ name: 'b.png', bytes: PNG }])).statusCode).toBe(404);
    expect(await listDocs(admin, order.id)).toHaveLength(1);
  });

  it('deletes an unattached upload and its file; an attached one stays', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const before = storedFiles().length;
    const up = await upload(token, order.id, [
      { name: 'a.png', bytes: PNG },
      { name: 'b.pdf', bytes: PDF },
    ]);
    const [a, b] = SupportingDocument.array().parse(body(up).data);
    if (!a || !b) throw new Error('no documents');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${url(order.id)}/${a.id}`,
      headers: bearer(token),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(storedFiles().length).toBe(before + 2);
    expect((await listDocs(token, order.id)).map((d) => d.id)).toEqual([b.id]);

    const refund = await afterSalesOrder(order.id);
    await t.database.db.transaction((tx) =>
      attachDocuments(tx, {
        agencyId: 1,
        orderId: order.id,
        afterSalesOrderId: refund,
        documentIds: [b.id],
        now: new Date(),
        timeScale: 1,
      }),
    );
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${url(order.id)}/${b.id}`,
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).code).toBe(ERRORS.DOCUMENT_NOT_ATTACHABLE.code);
    // The original and its refund order both list the attached document.
    expect(await listDocs(token, order.id)).toMatchObject([{ id: b.id, afterSalesOrderId: refund }]);
    expect((await listDocs(token, refund)).map((d) => d.id)).toEqual([b.id]);
  });
});

/** A refund order row linked to `originalId` (the refund engineers create real ones). */
async function afterSalesOrder(originalId: string): Promise<string> {
  const [original] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, originalId));
  if (!original) throw new Error('no order');
  const { id: _id, bookingNumber, ...rest } = original;
  const [row] = await t.database.db
    .insert(flightOrders)
    .values({
      ...rest,
      bookingNumber: `R${bookingNumber.slice(1)}`,
      type: 'refund',
      status: 'rfd_reviewing',
      originalBookingId: originalId,
    })
    .returning({ id: flightOrders.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

describe('attachDocuments', { timeout: 60_000 }, () => {
  it('attaches unattached uploads of the order once; anything else is refused and nothing changes', async () => {
    const token = await login(t.app);
    const order = await bookOne(t.app, token);
    const otherOrder = await bookOne(t.app, token);
    const up = await upload(token, order.id, [
      { name: 'a.png', bytes: PNG },
      { name: 'b.png', bytes: PNG },
    ]);
    const [a, b] = SupportingDocument.array().parse(body(up).data);
    const upOther = await upload(token, otherOrder.id, [{ name: 'c.png', bytes: PNG }]);
    const [c] = SupportingDocument.array().parse(body(upOther).data);
    if (!a || !b || !c) throw new Error('no documents');
    const refund = await afterSalesOrder(order.id);
    const attach = (documentIds: string[], agencyId = 1, now = new Date()) =>
      t.database.db.transaction((tx) =>
        attachDocuments(tx, {
          agencyId,
          orderId: order.id,
          afterSalesOrderId: refund,
          documentIds,
          now,
          timeScale: 1,
        }),
      );
    // An upload older than a day has expired with the request it was made for.
    const dayLater = new Date(Date.now() + UNATTACHED_DOCUMENT_TTL_MS + 60_000);
    const expired: unknown = await attach([a.id], 1, dayLater).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(AppError);
    expect((expired as AppError).data).toEqual({ documentIds: [a.id] });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [ids, agencyId] of [
      [[a.id, c.id], 1], // another order's document
      [[a.id, missing], 1], // no such document
      [[a.id], 2], // another agency
    ] as const) {
      const error: unknown = await attach([...ids], agencyId).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).errorName).toBe('DOCUMENT_NOT_ATTACHABLE');
      expect((error as AppError).def.status).toBe(400);
    }
    const rows = await t.database.db.select().from(orderDocuments);
    expect(rows.every((r) => r.afterSalesOrderId === null)).toBe(true);

    expect(await attach([])).toEqual([]);
    expect((await attach([a.id, a.id.toUpperCase(), b.id])).sort()).toEqual([a.id, b.id].sort());
    const again: unknown = await attach([a.id]).catch((e: unknown) => e);
    expect((again as AppError).errorName).toBe('DOCUMENT_NOT_ATTACHABLE');
    expect((again as AppError).data).toEqual({ documentIds: [a.id] });
  });

  it('sanitises display names and keeps a fallback', () => {
    expect(sanitizeFileName('C:\\Users\\x\\report.pdf', 'pdf')).toBe('report.pdf');
    expect(sanitizeFileName('\u202Egnp.exe\u0000', 'png')).toBe('gnp.exe');
    expect(sanitizeFileName('...', 'png')).toBe('document.png');
    expect([...sanitizeFileName('x'.repeat(300), 'pdf')]).toHaveLength(120);
  });
});
