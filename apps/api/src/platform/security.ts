import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year; sent only on answers that travelled over HTTPS (browsers ignore it over HTTP anyway). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers; the CSP allows the SPA (antd injects inline styles) and embedding by `frameAncestors`.
 *
 * - `Strict-Transport-Security` when the request came over HTTPS: on a TLS socket, or from a
 *   proxy the operator trusts (`TRUST_PROXY`) that says `X-Forwarded-Proto: https`. Fastify only
 *   believes that header from a trusted peer, so plain HTTP never gets it.
 * - `Cache-Control: no-store` on every answer that does not set its own caching: API answers
 *   (data, errors, 404 envelopes) carry a user's data and must not be kept by browsers or
 *   proxies. The web app's files keep theirs (`web.ts`: immutable assets, revalidated pages).
 */
export async function registerSecurity(app: FastifyInstance, frameAncestors: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    // Embedded mode: framing is governed by CSP frame-ancestors, not X-Frame-Options.
    frameguard: false,
    // Helmet would send HSTS over plain HTTP too; the hook below sends it over HTTPS only.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
}
