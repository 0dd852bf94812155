import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route is authorized by a secret in its body, not by cookies (a hosted form post). */
    xsrf?: boolean;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Tokens' random bytes are cut from a pool this many tokens long, refilled when used up. */
const TOKENS_PER_FILL = 128;
const TOKEN_BYTES = 32;
const pool = Buffer.alloc(TOKEN_BYTES * TOKENS_PER_FILL);
let poolOffset = pool.length;

/**
 * A new XSRF token: 32 bytes of the system's CSPRNG, base64url. The bytes come from a pool filled
 * 128 tokens at a time (each byte used once), as Node's `randomUUID` does for its ids: one
 * `randomBytes(32)` call per answer was about 2 % of an API request's CPU, since every answer to a
 * client without the cookie (API clients, a first visit) carries a new one.
 */
export function newXsrfToken(): string {
  if (poolOffset === pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + TOKEN_BYTES);
  poolOffset += TOKEN_BYTES;
  return token;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * Double-submit XSRF protection: every response sets `XSRF-TOKEN` when the request has none; a
 * state-changing request that carries cookies must echo it in `X-XSRF-TOKEN`. Requests without
 * cookies (API clients with bearer tokens) or an `X-Api-Key` cannot be forged by a browser and pass.
 */
export function registerXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(XSRF_COOKIE, newXsrfToken(), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
      });
    }
    if (!UNSAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    if (request.routeOptions.config.xsrf === false) return;
    // An agency's system authenticates with its API key, not a cookie: a browser cannot forge it.
    if (request.headers['x-api-key'] !== undefined) return;
    const header = request.headers[XSRF_HEADER];
    const headerToken = Array.isArray(header) ? header[0] : header;
    if (!cookieToken || !headerToken || !safeEqual(cookieToken, headerToken)) {
      throw new AppError('XSRF_MISMATCH');
    }
  });
}
