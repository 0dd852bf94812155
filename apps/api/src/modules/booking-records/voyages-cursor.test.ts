import { describe, expect, it } from 'vitest';
import { login, useTestApp } from '../../test/app';
import { voyageTestHelpers } from './voyages.test-helpers';

/**
 * Booking records page on by cursor (`after`, the page before's `next`): the rows after the last
 * one seen, even inside one order's passengers and segments, and a booking made meanwhile does
 * not shift them. Filtered reads page on the same way.
 */
const t = useTestApp({ REQUEST_LIMIT_SCALE: '100' });
const { issuedOrder, list } = voyageTestHelpers(t);
const key = (r: { orderId: string; passengerId: string; segmentIndex: number }) =>
  `${r.orderId}/${r.passengerId}/${r.segmentIndex}`;

describe('booking records paged by cursor', { timeout: 60_000 }, () => {
  it('read every row once, page after page, as by number, and a booking meanwhile does not shift them', async () => {
    const token = await login(t.app, 'admin');
    for (const passengers of [2, 1, 2] as const) await issuedOrder(token, passengers);
    const all = await list(token, '?pageSize=100');
    expect(all.list.length).toBeGreaterThanOrEqual(5);

    // Three rows a page: page boundaries fall inside an order of two passengers.
    const first = await list(token, '?pageSize=3');
    expect(first.next).toMatch(/^\d+_[0-9a-f-]{36}_\d+_\d+$/);
    const byNumber = await list(token, '?pageSize=3&page=2');
    await issuedOrder(token);
    const byCursor = await list(token, `?pageSize=3&page=2&after=${first.next}`);
    expect(byCursor.list.map(key)).toEqual(byNumber.list.map(key));

    const seen = [...first.list.map(key)];
    let page = first;
    for (let n = 2; page.next; n += 1) {
      page = await list(token, `?pageSize=3&page=${n}&after=${page.next}`);
      seen.push(...page.list.map(key));
    }
    expect(seen).toEqual(all.list.map(key));
  });

  it('pages a filtered read by cursor, and refuses a cursor that is not one', async () => {
    const token = await login(t.app, 'admin');
    const filtered = await list(token, '?passenger=zhang&pageSize=100');
    const seen: string[] = [];
    let page = await list(token, '?passenger=zhang&pageSize=2');
    seen.push(...page.list.map(key));
    for (let n = 2; page.next; n += 1) {
      page = await list(token, `?passenger=zhang&pageSize=2&page=${n}&after=${page.next}`);
      seen.push(...page.list.map(key));
    }
    expect(seen).toEqual(filtered.list.map(key));
    const res = await t.app.inject({
      url: '/order/v2/flight/voyages?page=2&after=1_x_1_1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
  });
});
