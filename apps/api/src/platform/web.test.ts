import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../test/app';
import { COMPRESS_THRESHOLD } from './web';

const t = useTestApp();

// A built web app as the build leaves it: each large file with its `.br` and `.gz` beside it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-compressed-'));
const script = `export const words = ${JSON.stringify('airport '.repeat(4000))};\n`;
const small = 'export const a = 1;\n';

beforeAll(() => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><!-- home -->');
  fs.writeFileSync(path.join(dist, 'app.html'), '<!doctype html><div id="root"></div>');
  const big = path.join(dist, 'assets', 'big-abc123.js');
  fs.writeFileSync(big, script);
  fs.writeFileSync(`${big}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${big}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'small-abc123.js'), small);
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** The body of an answer, decoded from the encoding the server chose. */
function bodyOf(res: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

describe("the web app's pages", () => {
  it("sends index.html (with the home page's preload links) for / and app.html for client routes", async () => {
    const app = await t.build({ WEB_DIST: dist });
    for (const encoding of ['identity', 'gzip, deflate, br']) {
      const home = await app.inject({
        url: '/',
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      expect(home.statusCode).toBe(200);
      expect(bodyOf(home)).toContain('<!-- home -->');
    }
    for (const url of ['/flight/booking', '/bills/wallet?page=2']) {
      const page = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toBe('<!doctype html><div id="root"></div>');
    }
  });
});

describe('compressed web assets', () => {
  it('sends the brotli copy to a client that accepts br, which decodes to the file', async () => {
    const app = await t.build({ WEB_DIST: dist });
    const res = await app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(script);
  });

  it('sends the gzip copy to a gzip-only client and the file itself to one that accepts neither', async () => {
    const app = await t.build({ WEB_DIST: dist });
    const gz = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const plain = await app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('compresses a file without copies once, and never serves the copies as files of their own', async () => {
    const app = await t.build({ WEB_DIST: dist });
    const res = await app.inject({ url: '/assets/small-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(small);

    const copy = await app.inject({ url: '/assets/big-abc123.js.br', headers: { 'accept-encoding': 'br' } });
    expect(copy.statusCode).toBe(404);
  });
});

describe('compressed JSON answers', () => {
  // Answers of a known size, declared after the app is built like any module's routes.
  async function appWithAnswers() {
    const app = await t.build();
    app.get('/base/v2/test-big', { config: { access: 'public' } }, async () => ({
      code: 0,
      data: { names: Array.from({ length: 200 }, (_, i) => `passenger ${i}`) },
      message: 'ok',
    }));
    app.get('/base/v2/test-small', { config: { access: 'public' } }, async () => ({
      code: 0,
      data: { name: 'passenger' },
      message: 'ok',
    }));
    return app;
  }

  it('compresses a JSON answer over 1 KB with brotli, which decodes to the envelope', async () => {
    const app = await appWithAnswers();
    const plain = await app.inject({ url: '/base/v2/test-big' });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const res = await app.inject({ url: '/base/v2/test-big', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('compresses with gzip for a client that accepts only gzip', async () => {
    const app = await appWithAnswers();
    const res = await app.inject({ url: '/base/v2/test-big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8')).data.names).toHaveLength(200);
  });

  it('leaves an answer under 1 KB uncompressed', async () => {
    const app = await appWithAnswers();
    const res = await app.inject({ url: '/base/v2/test-small', headers: { 'accept-encoding': 'br' } });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ code: 0, data: { name: 'passenger' }, message: 'ok' });
  });

  it('compresses the answers of the real routes too', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({
      url: '/order/v2/flight/orders?pageSize=100',
      headers: { ...bearer(token), 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    const decoded =
      res.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload).toString('utf8')
        : res.body;
    expect(res.headers['content-encoding']).toBe(decoded.length >= COMPRESS_THRESHOLD ? 'br' : undefined);
    expect(JSON.parse(decoded)).toHaveProperty('code', 0);
  });

  it('does not inflate a compressed request body (no decompression bomb reaches the parser)', async () => {
    const json = JSON.stringify({ username: 'admin', password: 'demo1234' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(json),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toHaveProperty('data.token');
  });
});
