import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { body, useTestApp } from '../../test/app';

const t = useTestApp();

/** A clock the test moves by hand: delays are checked without waiting for them. */
function testClock() {
  let at = Date.parse('2026-11-28T10:00:00Z');
  return {
    now: () => new Date(at),
    advance(seconds: number) {
      at += seconds * 1000;
    },
  };
}

const attempt = (
  app: FastifyInstance,
  remoteAddress: string,
  username: string,
  password = 'Spring2024!',
  headers: Record<string, string> = { 'accept-language': 'en' },
) =>
  app.inject({
    method: 'POST',
    url: '/base/v2/login',
    payload: { username, password },
    remoteAddress,
    headers,
  });

const statusOf = async (app: FastifyInstance, address: string, username: string, password?: string) =>
  (await attempt(app, address, username, password)).statusCode;

describe('login limits: only failures count', () => {
  it('never limits an office whose people share one account and one address (30 logins)', async () => {
    const app = await t.build({ LOGIN_RATE_LIMIT_MAX: '5', LOGIN_IP_RATE_LIMIT_MAX: '3' });
    for (let i = 0; i < 30; i++) expect(await statusOf(app, '192.0.2.10', 'admin', 'demo1234')).toBe(200);
  });

  it('lets a success reset the account: failures below the threshold never add up across logins', async () => {
    const app = await t.build({ LOGIN_RATE_LIMIT_MAX: '3' }, testClock().now);
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 2; i++) expect(await statusOf(app, '192.0.2.11', 'admin')).toBe(401);
      expect(await statusOf(app, '192.0.2.11', 'admin', 'demo1234')).toBe(200);
    }
  });
});

describe('login limit per account, across addresses', () => {
  it('stops 120 guesses for one account from 30 addresses after the threshold, with 429, Retry-After and the wait', async () => {
    const app = await t.build({ LOGIN_RATE_LIMIT_MAX: '5' }, testClock().now);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push(await statusOf(app, `198.51.100.${i % 30}`, 'admin'));
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);

    // The right password waits too (the account is what is guessed), from any address.
    const limited = await attempt(app, '203.0.113.99', 'ADMIN', 'demo1234');
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(body(limited)).toEqual({
      code: 100014,
      data: { retryAfterSeconds: seconds },
      message: `Too many failed sign-ins for this account; please wait ${seconds} s and try again`,
    });
    const zhCn = await attempt(app, '203.0.113.99', 'admin', 'demo1234', { 'accept-language': 'zh-CN' });
    expect(body(zhCn).message).toMatch(/^该账号登录失败次数过多，请 \d+ 秒后再试$/);
    const zhTw = await attempt(app, '203.0.113.99', 'admin', 'demo1234', { 'accept-language': 'zh-TW' });
    expect(body(zhTw).message).toMatch(/^該帳號登入失敗次數過多，請 \d+ 秒後再試$/);
    // Other accounts are not affected.
    expect(await statusOf(app, '198.51.100.1', 'operator', 'demo1234')).toBe(200);
  });

  it('makes each further failure wait twice as long, up to the cap, until a success resets it', async () => {
    const clock = testClock();
    const app = await t.build({ LOGIN_RATE_LIMIT_MAX: '5' }, clock.now);
    const waitAfterFailure = async () => {
      expect(await statusOf(app, '198.51.100.7', 'operator')).toBe(401);
      const refused = await attempt(app, '198.51.100.8', 'operator');
      expect(refused.statusCode).toBe(429);
      return Number(refused.headers['retry-after']);
    };
    for (let i = 0; i < 4; i++) expect(await statusOf(app, '198.51.100.7', 'operator')).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = await waitAfterFailure();
      waits.push(wait);
      clock.advance(wait - 1);
      expect(await statusOf(app, '198.51.100.9', 'operator', 'demo1234')).toBe(429);
      clock.advance(1);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect(await statusOf(app, '198.51.100.9', 'operator', 'demo1234')).toBe(200);
    // Reset: the next failures start from nothing.
    for (let i = 0; i < 4; i++) expect(await statusOf(app, '198.51.100.7', 'operator')).toBe(401);
  });

  it('counts parallel guesses for one account before their outcome is known', async () => {
    const app = await t.build({ LOGIN_RATE_LIMIT_MAX: '5' }, testClock().now);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(app, `203.0.113.${i}`, 'finance')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('holds across API instances sharing the database', async () => {
    const clock = testClock();
    const first = await t.build({ LOGIN_RATE_LIMIT_MAX: '3' }, clock.now);
    const second = await t.build({ LOGIN_RATE_LIMIT_MAX: '3' }, clock.now);
    for (let i = 0; i < 3; i++) expect(await statusOf(first, '198.51.100.20', 'subop')).toBe(401);
    expect(await statusOf(second, '198.51.100.21', 'subop', 'demo1234')).toBe(429);
  });
});

describe('login limit per client address', () => {
  it('never lets 30 failures for one account block a right password for another account from that address', async () => {
    const app = await t.build(
      { LOGIN_RATE_LIMIT_MAX: '100', LOGIN_IP_RATE_LIMIT_MAX: '30' },
      testClock().now,
    );
    for (let i = 0; i < 30; i++) expect(await statusOf(app, '203.0.113.7', 'admin')).toBe(401);
    expect(await statusOf(app, '203.0.113.7', 'operator', 'demo1234')).toBe(200);
    expect(await statusOf(app, '203.0.113.7', 'finance', 'demo1234')).toBe(200);
    // The account that failed from it is locked there, right password or not...
    const locked = await attempt(app, '203.0.113.7', 'admin', 'demo1234');
    expect(locked.statusCode).toBe(429);
    const seconds = Number(locked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(body(locked)).toEqual({
      code: 100012,
      data: { retryAfterSeconds: seconds },
      message: `Too many login attempts from this network; please wait ${seconds} s and try again`,
    });
    // ...and free from any other address.
    expect(await statusOf(app, '198.51.100.9', 'admin', 'demo1234')).toBe(200);
  });

  it('stops spraying: past the budget, each username that failed from the address is refused there', async () => {
    const clock = testClock();
    const app = await t.build({ LOGIN_IP_RATE_LIMIT_MAX: '30' }, clock.now);
    for (let i = 0; i < 30; i++) expect(await statusOf(app, '203.0.113.8', `agent${i}`)).toBe(401);
    for (let i = 0; i < 30; i++) expect(await statusOf(app, '203.0.113.8', `agent${i}`)).toBe(429);
    // A username that has not failed from it is still checked: right passwords get in.
    expect(await statusOf(app, '203.0.113.8', 'admin', 'demo1234')).toBe(200);
    expect(await statusOf(app, '203.0.113.8', 'agent99')).toBe(401);
    expect(await statusOf(app, '203.0.113.8', 'agent99')).toBe(429);
    // The address's window ends after 15 minutes.
    clock.advance(15 * 60);
    expect(await statusOf(app, '203.0.113.8', 'agent0')).toBe(401);
  });

  it('cannot be dodged with a made-up X-Forwarded-For when no proxy is trusted', async () => {
    const app = await t.build({ LOGIN_IP_RATE_LIMIT_MAX: '2' }, testClock().now);
    const forged = (username: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/base/v2/login',
        payload: { username, password: 'Spring2024!' },
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
    expect((await forged('agent1', 1)).statusCode).toBe(401);
    expect((await forged('agent2', 2)).statusCode).toBe(401);
    expect((await forged('agent1', 3)).statusCode).toBe(429);
  });

  it('limits each client behind a trusted proxy by the address the proxy reports', async () => {
    const app = await t.build({ LOGIN_IP_RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' }, testClock().now);
    const via = (client: string, username: string) =>
      app.inject({
        method: 'POST',
        url: '/base/v2/login',
        payload: { username, password: 'Spring2024!' },
        headers: { 'x-forwarded-for': client },
      });
    expect((await via('203.0.113.20', 'agent1')).statusCode).toBe(401);
    expect((await via('203.0.113.20', 'agent2')).statusCode).toBe(401);
    expect((await via('203.0.113.20', 'agent1')).statusCode).toBe(429);
    expect((await via('203.0.113.21', 'agent1')).statusCode).toBe(401);
  });
});
