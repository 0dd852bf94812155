import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors';
import { registerRateLimits, scaledLimits, WindowCounter } from './rate-limits';

describe('WindowCounter', () => {
  it('allows max hits per window, then answers the seconds left, and starts again after the window', () => {
    let at = 1_000_000;
    const counter = new WindowCounter(() => at);
    expect(counter.hit('k', 2, 60_000)).toBeUndefined();
    expect(counter.hit('k', 2, 60_000)).toBeUndefined();
    at += 15_000;
    expect(counter.hit('k', 2, 60_000)).toBe(45);
    expect(counter.hit('other', 2, 60_000)).toBeUndefined();
    at += 45_000;
    expect(counter.hit('k', 2, 60_000)).toBeUndefined();
  });
});

describe('registerRateLimits', () => {
  async function appWith(users: Record<string, { user: number; agency: number }>) {
    const app = Fastify();
    registerErrorHandler(app);
    app.decorateRequest('ctx', null);
    app.addHook('onRequest', async (request) => {
      const who = users[String(request.headers['x-user'])];
      if (who) request.ctx = { user: { id: who.user }, agency: { id: who.agency } } as never;
    });
    registerRateLimits(app, { search: { perUser: 2, perAgency: 3, windowMs: 60_000 } });
    app.get('/search', { config: { limit: 'search' } }, async () => ({ ok: true }));
    app.get('/free', async () => ({ ok: true }));
    return app;
  }

  it('limits each user, then the agency as a whole, with 429, Retry-After and a localized message', async () => {
    const app = await appWith({
      a: { user: 1, agency: 10 },
      b: { user: 2, agency: 10 },
      c: { user: 3, agency: 20 },
    });
    const get = (user: string, url = '/search') =>
      app.inject({ url, headers: { 'x-user': user, 'accept-language': 'en' } });
    expect((await get('a')).statusCode).toBe(200);
    expect((await get('a')).statusCode).toBe(200);
    const third = await get('a');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
    expect(third.json()).toMatchObject({
      code: 100009,
      message: expect.stringContaining('Too many searches'),
    });
    // a's refused request does not count for the agency: b gets the third place, then the agency is full.
    expect((await get('b')).statusCode).toBe(200);
    const agencyFull = await get('b');
    expect(agencyFull.statusCode).toBe(429);
    expect(agencyFull.json().code).toBe(100009);
    expect((await get('c')).statusCode).toBe(200);
    expect((await get('a', '/free')).statusCode).toBe(200);
    const zh = await app.inject({ url: '/search', headers: { 'x-user': 'a', 'accept-language': 'zh-TW' } });
    expect(zh.json().message).toContain('搜尋過於頻繁');
  });
});

describe('scaledLimits', () => {
  it('multiplies the counts and keeps the windows', () => {
    const limits = scaledLimits(20);
    expect(limits.search).toEqual({ perUser: 600, perAgency: 6000, windowMs: 60_000 });
    expect(limits.upload.perUser).toBe(200);
  });
});
