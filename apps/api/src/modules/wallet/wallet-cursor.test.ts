import { describe, expect, it } from 'vitest';
import { TransactionList, WalletEntryList } from '@portal/domain/wallet';
import { bearer, body, login, useTestApp } from '../../test/app';
import { topUp } from './top-up';

/**
 * Wallet entries and transactions page on by cursor (`after`, the page before's `next`): the page
 * is the lines after the one last seen, whatever was posted since, and equals the page read by
 * its number while nothing moves.
 */
const t = useTestApp();

async function topUps(count: number, prefix: string): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await t.database.db.transaction((tx) =>
      topUp(tx, { agencyId: 1, currency: 'CNY', amountMinor: 100 + i, reference: `${prefix}-${i}` }),
    );
  }
}

async function read<T>(token: string, url: string, schema: { parse(v: unknown): T }): Promise<T> {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return schema.parse(body(res).data);
}

describe('wallet lists paged by cursor', () => {
  it('read the same page by cursor as by number, and a top-up meanwhile does not shift it', async () => {
    await topUps(7, 'CURSOR');
    const token = await login(t.app, 'finance');
    const url = '/base/v2/wallet/entries?pageSize=3';
    const first = await read(token, `${url}&page=1`, WalletEntryList);
    expect(first.list).toHaveLength(3);
    expect(first.next).toMatch(/^\d+_\d+_CNY$/);
    const byNumber = await read(token, `${url}&page=2`, WalletEntryList);

    await topUps(2, 'MEANWHILE');
    const byCursor = await read(token, `${url}&page=2&after=${first.next}`, WalletEntryList);
    expect(byCursor.list.map((e) => e.id)).toEqual(byNumber.list.map((e) => e.id));
    // Read by number now, page 2 has moved by the two new top-ups.
    const shifted = await read(token, `${url}&page=2`, WalletEntryList);
    expect(shifted.list[0]?.id).not.toBe(byNumber.list[0]?.id);
  });

  it('page transactions oldest first by cursor, with their balances, to the end', async () => {
    const token = await login(t.app, 'finance');
    const url = '/base/v2/wallet/transactions?pageSize=4&sort=createdOn';
    const seen: string[] = [];
    let page = await read(token, `${url}&page=1`, TransactionList);
    const total = page.total;
    seen.push(...page.list.map((r) => r.referenceId + r.createdOn));
    for (let n = 2; page.next; n += 1) {
      page = await read(token, `${url}&page=${n}&after=${page.next}`, TransactionList);
      seen.push(...page.list.map((r) => r.referenceId + r.createdOn));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('refuses a cursor that is not one', async () => {
    const token = await login(t.app, 'finance');
    const res = await t.app.inject({
      url: "/base/v2/wallet/entries?page=2&after=1_2_CNY'--",
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
  });

  it('reads pages by number up to the counted lines only; past them, by cursor', async () => {
    const token = await login(t.app, 'finance');
    const get = (url: string, language = 'en') =>
      t.app.inject({ url, headers: { ...bearer(token), 'accept-language': language } });
    for (const list of ['entries', 'transactions']) {
      expect((await get(`/base/v2/wallet/${list}?page=50`)).statusCode).toBe(200);
      const deeper = await get(`/base/v2/wallet/${list}?page=51`);
      expect(deeper.statusCode).toBe(400);
      expect(body(deeper).data).toEqual({
        errors: [{ path: 'page', message: expect.stringContaining('50') }],
      });
      const zh = body(await get(`/base/v2/wallet/${list}?page=11&pageSize=100`, 'zh-CN')).data as {
        errors: { path: string; message: string }[];
      };
      expect(zh.errors).toEqual([{ path: 'page', message: expect.stringMatching(/10/) }]);
      expect(zh.errors[0]?.message).toMatch(/[\u4e00-\u9fff]/);
      expect((await get(`/base/v2/wallet/${list}?page=1200&after=1764547200000000_1_CNY`)).statusCode).toBe(
        200,
      );
    }
    // A parent reading a sub-agency's lists: the same pages.
    for (const page of [50, 51]) {
      const sub = await get(`/base/v2/sub/bills/2/entries?page=${page}`);
      expect([page, sub.statusCode]).toEqual([page, page === 50 ? 200 : 400]);
    }
  });
});
