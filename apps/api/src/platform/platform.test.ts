import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, body, login, testConfig, useTestApp } from '../test/app';
import { HSTS } from './security';
import { inlineScriptHashes } from './web';

const t = useTestApp();

const loginAs = (app = t.app, username = 'admin', password = 'demo1234') =>
  app.inject({ method: 'POST', url: '/base/v2/login', payload: { username, password } });

describe('envelope and errors', () => {
  it('answers an unknown API path with the 404 envelope', async () => {
    for (const url of ['/base/v2/nothing', '/order/v2/nothing', '/shopping/v2/nothing']) {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ code: 100004, data: null, message: 'Resource not found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/some/page' });
    expect(post.statusCode).toBe(404);
    expect(body(post).code).toBe(100004);
  });

  it('answers an unexpected error with a generic 500 envelope that leaks nothing', async () => {
    const app = await t.build();
    app.get('/base/v2/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail');
    });
    const res = await app.inject({ url: '/base/v2/test-boom', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    const env = body<{ requestId: string }>(res);
    expect(env.code).toBe(100500);
    expect(env.message).toBe('Something went wrong on our side, please try again later');
    expect(res.body).not.toContain('secret internal detail');
    expect(env.data.requestId).toBe(res.headers['x-request-id']);
  });

  it.each([
    ['en', 'Invalid username or password'],
    ['zh-CN,zh;q=0.9', '用户名或密码错误'],
    ['zh-TW', '使用者名稱或密碼錯誤'],
    [undefined, '用户名或密码错误'],
  ])('localizes messages for Accept-Language %s', async (language, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'nope-nope' },
      headers: language ? { 'accept-language': language } : {},
    });
    expect(body(res).message).toBe(message);
  });

  it('localizes field errors of illegal input', async () => {
    const token = await login(t.app);
    const send = (language: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/base/v2/me',
        payload: { nickname: '' },
        headers: { ...bearer(token), 'accept-language': language },
      });
    const en = body<{ errors: { path: string; message: string }[] }>(await send('en'));
    const zh = body<{ errors: { path: string; message: string }[] }>(await send('zh-cn'));
    expect(en.message).toBe('Illegal input');
    expect(zh.message).toBe('非法输入');
    expect(en.data.errors[0]?.path).toBe('nickname');
    expect(en.data.errors[0]?.message).toMatch(/[a-z]/i);
    expect(zh.data.errors[0]?.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('XSRF', () => {
  it('sets a readable XSRF-TOKEN cookie when the request has none', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/XSRF-TOKEN=[\w-]{43}/);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('HttpOnly');
  });

  it('refuses a POST with the cookie but without the header (403, 100005)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'demo1234' },
      cookies: { 'XSRF-TOKEN': 'abc123' },
    });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(100005);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'demo1234' },
      cookies: { 'XSRF-TOKEN': 'abc123' },
      headers: { 'x-xsrf-token': 'abc124' },
    });
    expect(body(mismatch).code).toBe(100005);
  });

  it('passes with the matching header, and without cookies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'demo1234' },
      cookies: { 'XSRF-TOKEN': 'abc123' },
      headers: { 'x-xsrf-token': 'abc123' },
    });
    expect(body(res).code).toBe(0);
    expect(body(await loginAs()).code).toBe(0);
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After once a username has failed LOGIN_RATE_LIMIT_MAX times', async () => {
    const app = await t.build({ LOGIN_RATE_LIMIT_MAX: '3' });
    for (let i = 0; i < 3; i++) expect(body(await loginAs(app, 'admin', 'wrong-pass')).code).toBe(201003);
    const limited = await app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'ADMIN', password: 'demo1234' },
      headers: { 'accept-language': 'en' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(body(limited).code).toBe(100014);
    expect(body(await loginAs(app, 'operator')).code).toBe(0);
  });
});

describe('web app and security headers', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">portal</div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('serves index.html for SPA routes and the assets with immutable caching', async () => {
    const app = await t.build({ WEB_DIST: dist });
    for (const url of ['/', '/flight/booking', '/bills/wallet?x=1']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('portal');
      expect(res.headers['content-type']).toContain('text/html');
    }
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/index.html' })).headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ url: '/flight/booking', headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ url: '/base/v2/unknown', headers: { accept: 'text/html' } });
    expect(body(api).code).toBe(100004);
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers and allows framing by the configured ancestors', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self' http://127.0.0.1:* http://localhost:*");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the built scripts, styles and data files a short, stricter policy, and pages the full one', async () => {
    const app = await t.build({ WEB_DIST: dist });
    const page = await app.inject({ url: '/flight/booking', headers: { accept: 'text/html' } });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const script = await app.inject({ url: '/assets/app-1234.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    // What acts on documents only stays with the pages; hashed files are never revalidated.
    for (const name of ['cross-origin-opener-policy', 'x-xss-protection', 'etag', 'last-modified']) {
      expect(script.headers[name], name).toBeUndefined();
      if (name.startsWith('cross') || name.startsWith('x-')) expect(page.headers[name], name).toBeDefined();
    }
  });

  it("allows the built pages' own inline scripts by their hash, and no other inline script", async () => {
    const pages = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    const firstPaint = 'document.title = "first paint";';
    fs.writeFileSync(
      path.join(pages, 'index.html'),
      `<div id="root"></div><script type="application/json" id="portal-app">{}</script><script>${firstPaint}</script>`,
    );
    fs.writeFileSync(path.join(pages, 'app.html'), `<div id="root"></div><script>${firstPaint}</script>`);
    try {
      const hash = createHash('sha256').update(firstPaint).digest('base64');
      expect(inlineScriptHashes(pages)).toEqual([`'sha256-${hash}'`]);
      const app = await t.build({ WEB_DIST: pages });
      const page = await app.inject({ url: '/flight/booking', headers: { accept: 'text/html' } });
      const csp = String(page.headers['content-security-policy']);
      expect(csp.split(';')).toContain(`script-src 'self' 'sha256-${hash}'`);
      // Without a build there is nothing to allow.
      expect(inlineScriptHashes(path.join(pages, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(pages, { recursive: true, force: true });
    }
  });

  it('explains in plain text that the web app is not built when WEB_DIST is missing', async () => {
    const res = await t.app.inject({ url: '/flight/booking', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('not built');
  });
});

describe('caching of API answers', () => {
  it('marks every API answer no-store: data, errors, refused input, 404 envelopes and 500s', async () => {
    const app = await t.build();
    app.get('/base/v2/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('boom');
    });
    const token = await login(app);
    const answers = {
      data: await app.inject({ url: '/base/v2/me', headers: bearer(token) }),
      public: await app.inject({ url: '/healthz' }),
      login: await loginAs(app),
      wrongPassword: await loginAs(app, 'admin', 'wrong-pass'),
      noSession: await app.inject({ url: '/base/v2/me' }),
      illegalInput: await app.inject({
        method: 'POST',
        url: '/base/v2/login',
        payload: { username: 'admin' },
      }),
      notFound: await app.inject({ url: '/order/v2/nothing' }),
      notFoundWrite: await app.inject({ method: 'POST', url: '/some/page' }),
      crash: await app.inject({ url: '/base/v2/test-boom' }),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.statusCode]));
    expect(statuses).toEqual({
      data: 200,
      public: 200,
      login: 200,
      wrongPassword: 401,
      noSession: 401,
      illegalInput: 400,
      notFound: 404,
      notFoundWrite: 404,
      crash: 500,
    });
    for (const [name, res] of Object.entries(answers)) {
      expect({ name, cacheControl: res.headers['cache-control'] }).toEqual({
        name,
        cacheControl: 'no-store',
      });
    }
  });
});

describe('HSTS (Strict-Transport-Security)', () => {
  const hsts = (res: { headers: Record<string, unknown> }) => res.headers['strict-transport-security'];

  it('is never sent over plain HTTP, whatever X-Forwarded-Proto a client claims', async () => {
    expect(hsts(await t.app.inject({ url: '/healthz' }))).toBeUndefined();
    // No proxy is trusted by default: the header is the client's word, not the transport.
    const claimed = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(hsts(claimed)).toBeUndefined();
    const app = await t.build({ TRUST_PROXY: '127.0.0.1' });
    expect(hsts(await app.inject({ url: '/healthz' }))).toBeUndefined();
    const overHttp = await app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(hsts(overHttp)).toBeUndefined();
    // A peer that is not the trusted proxy cannot claim HTTPS either.
    const stranger = await app.inject({
      url: '/healthz',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(hsts(stranger)).toBeUndefined();
  });

  it('is sent on every answer a trusted proxy received over HTTPS', async () => {
    for (const trust of ['127.0.0.1', '10.0.0.0/8, 127.0.0.1', 'true']) {
      const app = await t.build({ TRUST_PROXY: trust });
      const https = { 'x-forwarded-proto': 'https' };
      expect(hsts(await app.inject({ url: '/healthz', headers: https }))).toBe(HSTS);
      expect(hsts(await app.inject({ url: '/base/v2/me', headers: https }))).toBe(HSTS);
      expect(hsts(await app.inject({ url: '/base/v2/nothing', headers: https }))).toBe(HSTS);
    }
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses a TRUST_PROXY that is neither a flag nor a list of addresses', () => {
    expect(() => testConfig({ TRUST_PROXY: 'everyone please' })).toThrow(/TRUST_PROXY/);
    expect(testConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(testConfig().trustProxy).toBe(false);
  });
});
