import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../test/app';
import { helmetHeaders } from './security';
import { newXsrfToken } from './xsrf';

const t = useTestApp();

/**
 * Every header helmet sent on an API answer with the portal's options (the test configuration's
 * `FRAME_ANCESTORS`), as `@fastify/helmet` sent them before they were computed once.
 */
const HELMET_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
    "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
    "frame-ancestors 'self' http://127.0.0.1:* http://localhost:*",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers computed once', () => {
  it("are what helmet's middleware sets on a real response with the same options", () => {
    const options = {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
      frameguard: false,
      hsts: false,
    } as const;
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    res.setHeader('x-powered-by', 'something');
    helmet(options)(res.req, res, () => {});
    const once = helmetHeaders(options);
    expect(Object.fromEntries(once.set.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(
      res.getHeaders(),
    );
    expect(once.removed).toEqual(['X-Powered-By']);
  });

  it('go with every API answer: public, signed in, refused and not found', async () => {
    const token = await login(t.app);
    const answers = await Promise.all([
      t.app.inject({ url: '/healthz' }),
      t.app.inject({ url: '/order/v2/flight/orders', headers: bearer(token) }),
      t.app.inject({ url: '/order/v2/flight/orders' }),
      t.app.inject({ url: '/base/v2/nothing' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(HELMET_HEADERS)) {
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      }
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('XSRF tokens from a pool of random bytes', () => {
  it('are 32 bytes each, base64url, and never repeat across refills of the pool', () => {
    const tokens = Array.from({ length: 1_000 }, newXsrfToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
