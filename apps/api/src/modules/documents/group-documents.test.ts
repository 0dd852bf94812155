import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, body, login, useTestApp } from '../../test/app';
import { giveGroupOrderDocuments, insertGroupOrderFor } from '../group-orders/group-orders.test-helpers';
import { users } from '../users/index';
import { localDateTime } from '../../platform/time-zones';
import { pdfText } from './pdf-text.test-helpers';

const t = useTestApp();

const squash = (text: string) => text.replace(/\s+/g, '');
const url = (id: string, path: string, lang = 'en') =>
  `/order/v2/group/orders/${id}/traveller-documents/${path}?lang=${lang}`;

async function operatorId(): Promise<number> {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, 'operator'));
  if (!row) throw new Error('no operator');
  return row.id;
}

/** A group order of the operator with a picked quote, `paid` instalments paid and maybe a confirmed list. */
async function groupOrder(options: { paid: number; passengers: boolean; quote?: boolean }) {
  const order = await insertGroupOrderFor(t.database.db, 1, await operatorId(), {
    status: 'to_be_pay_second',
  });
  if (options.quote === false) return { ...order, paidAt: () => new Date() };
  const { paidAt } = await giveGroupOrderDocuments(t.database.db, order, options);
  return { ...order, paidAt };
}

async function textOf(token: string, id: string, path: string, lang = 'en') {
  const res = await t.app.inject({ url: url(id, path, lang), headers: bearer(token) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return squash(await pdfText(res.rawPayload));
}

describe('the traveller documents of a group order', () => {
  it('the quote lists the flights, fare per person, passengers, total, instalments with due dates and validity', async () => {
    const token = await login(t.app, 'operator');
    const order = await groupOrder({ paid: 1, passengers: false });
    const text = await textOf(token, order.id, 'quote');
    expect(text).toContain(squash('Group fare quote'));
    expect(text).toContain(order.bookingNumber);
    expect(text).toContain('CA1501');
    expect(text).toContain(squash('2030-01-01 08:00'));
    expect(text).toContain('(PEK)');
    expect(text).toContain(squash('CNY 900.00'));
    expect(text).toContain(squash('CNY 10,100.00'));
    expect(text).toContain(squash('Offer valid until'));
    expect(text).toContain(squash('First deposit'));
    expect(text).toContain(squash('Final payment'));
    expect(text).toContain(squash('CNY 2,100.00'));

    const zh = await textOf(token, order.id, 'quote', 'zh-cn');
    expect(zh).toContain('团队报价单');
    expect(zh).toContain('第一期订金');
    expect(zh).toContain('尾款');
  });

  it('a receipt per paid instalment: amount, when paid, method and the balance still due', async () => {
    const token = await login(t.app, 'operator');
    const order = await groupOrder({ paid: 2, passengers: false });
    const text = await textOf(token, order.id, 'receipts/2');
    expect(text).toContain(squash('Instalment receipt'));
    expect(text).toContain(squash('Second deposit'));
    expect(text).toContain(squash('CNY 3,000.00'));
    expect(text).toContain('Balance');
    expect(text).toContain('W-2');
    // Paid at, on the agency's clock (Beijing time for the demo agency).
    expect(text).toContain(squash(localDateTime(order.paidAt(2), 'Asia/Shanghai').replace('T', ' ')));
    // 10,100 in all, 6,000 paid with the first two: 4,100 remain.
    expect(text).toContain(squash('Remaining balance CNY 4,100.00'));
    const zh = await textOf(token, order.id, 'receipts/1', 'zh-cn');
    expect(zh).toContain('分期付款收据');
    expect(zh).toContain(squash('剩余待付 CNY 7,100.00'));

    const unpaid = await t.app.inject({ url: url(order.id, 'receipts/3'), headers: bearer(token) });
    expect(unpaid.statusCode).toBe(409);
    expect(body(unpaid).code).toBe(500050);
  });

  it('the passenger list names the travellers with masked documents and their tickets', async () => {
    const token = await login(t.app, 'operator');
    const order = await groupOrder({ paid: 1, passengers: true });
    const text = await textOf(token, order.id, 'passenger-list');
    expect(text).toContain(squash('Group passenger list'));
    expect(text).toContain('WANG/FANG');
    expect(text).not.toContain('E12345670');
    expect(text).toContain('*****5670');
    expect(text).toContain('999-2000000000');
    const zh = await textOf(token, order.id, 'passenger-list', 'zh-cn');
    expect(zh).toContain('团队乘客名单');
  });

  it('is not ready before a quote is picked or the list confirmed (409); another agency gets 404', async () => {
    const token = await login(t.app, 'operator');
    const bare = await groupOrder({ paid: 0, passengers: false, quote: false });
    for (const path of ['quote', 'receipts/1', 'passenger-list']) {
      const res = await t.app.inject({ url: url(bare.id, path), headers: bearer(token) });
      expect(res.statusCode, path).toBe(409);
    }
    const order = await groupOrder({ paid: 1, passengers: true });
    for (const user of ['partner', 'subop']) {
      const other = await login(t.app, user);
      for (const path of ['quote', 'receipts/1', 'passenger-list']) {
        const res = await t.app.inject({ url: url(order.id, path), headers: bearer(other) });
        expect(res.statusCode, `${user} ${path}`).toBe(404);
      }
    }
  });
});
