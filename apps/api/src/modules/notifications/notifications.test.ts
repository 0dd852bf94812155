import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MarkNotificationsReadResult, NotificationPage } from '@portal/domain/notifications';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';

const t = useTestApp();

async function list(app: FastifyInstance, token: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/base/v2/notifications${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<NotificationPage>(res).data;
}

async function markRead(app: FastifyInstance, token: string, payload: object) {
  return app.inject({ method: 'POST', url: '/base/v2/notifications/read', headers: bearer(token), payload });
}

describe('in-app notifications', () => {
  it('lists the caller’s notices newest first with the unread count, and marks some or all read', async () => {
    const operator = await login(t.app, 'operator');
    const first = await bookOne(t.app, operator);
    const second = await bookOne(t.app, operator);
    const page = await list(t.app, operator);
    expect(page).toMatchObject({ total: 2, unread: 2, page: 1, pageSize: 20 });
    expect(page.list.map((n) => [n.kind, n.orderId, n.read])).toEqual([
      ['order.booked', second.id, false],
      ['order.booked', first.id, false],
    ]);
    expect(page.list[0]?.params).toMatchObject({
      bookingNumber: second.bookingNumber,
      route: expect.stringMatching(/^PEK-/),
    });

    const one = await markRead(t.app, operator, { ids: [page.list[1]?.id] });
    expect(body<MarkNotificationsReadResult>(one).data).toEqual({ updated: 1, unread: 1 });
    const after = await list(t.app, operator);
    expect(after.list.map((n) => n.read)).toEqual([false, true]);
    expect(await list(t.app, operator, '?unreadOnly=true')).toMatchObject({ total: 1, unread: 1 });

    const all = await markRead(t.app, operator, { all: true });
    expect(body<MarkNotificationsReadResult>(all).data).toEqual({ updated: 1, unread: 0 });
  });

  it('pages by page and pageSize', async () => {
    const operator = await login(t.app, 'operator');
    await bookOne(t.app, operator);
    const second = await bookOne(t.app, operator);
    const page = await list(t.app, operator, '?page=1&pageSize=1');
    expect(page).toMatchObject({ total: 2, pageSize: 1 });
    expect(page.list.map((n) => n.orderId)).toEqual([second.id]);
    expect((await list(t.app, operator, '?page=3&pageSize=1')).list).toEqual([]);
  });

  it("tells the agency's SuperUsers too, and nobody else, of another user's booking", async () => {
    const order = await bookOne(t.app, await login(t.app, 'operator'));
    const admin = await list(t.app, await login(t.app, 'admin'));
    expect(admin.list.map((n) => n.orderId)).toEqual([order.id]);
    expect((await list(t.app, await login(t.app, 'finance'))).total).toBe(0);
    expect((await list(t.app, await login(t.app, 'subop'))).total).toBe(0);
    expect((await list(t.app, await login(t.app, 'partner'))).total).toBe(0);
  });

  it("never marks another user's or another agency's notices read", async () => {
    const operator = await login(t.app, 'operator');
    await bookOne(t.app, operator);
    const [notice] = (await list(t.app, operator)).list;
    for (const user of ['finance', 'subop', 'partner']) {
      const token = await login(t.app, user);
      const byId = await markRead(t.app, token, { ids: [notice?.id] });
      expect(body<MarkNotificationsReadResult>(byId).data.updated).toBe(0);
      expect(
        body<MarkNotificationsReadResult>(await markRead(t.app, token, { all: true })).data.updated,
      ).toBe(0);
    }
    expect((await list(t.app, operator)).unread).toBe(1);
  });

  it('refuses a bad read request and a bad page with the localized 400', async () => {
    const operator = await login(t.app, 'operator');
    for (const payload of [{}, { ids: [] }, { all: false }, { ids: [1], all: true }, { ids: ['x'] }]) {
      const res = await markRead(t.app, operator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).code).toBe(100001);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/base/v2/notifications?pageSize=101',
      headers: bearer(operator),
    });
    expect(res.statusCode).toBe(400);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/base/v2/notifications' });
    expect(res.statusCode).toBe(401);
  });
});
