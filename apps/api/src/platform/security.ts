import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year; sent only on answers that travelled over HTTPS (browsers ignore it over HTTP anyway). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The policy sent with the web app's scripts, styles and data files instead of the page's: they
 * are not documents, so a policy does not act on them (the app starts no worker, whose script's
 * policy would), and the page's 250-byte one went with every one of the files a page loads. This
 * one is stricter than the page's, in case such a file is ever opened as a document.
 */
export const ASSET_CSP = "default-src 'none'; frame-ancestors 'none'";
const NON_DOCUMENT_ASSET = /^\/assets\/[^?#]+\.(?:js|css|json)(?:[?#]|$)/;

/**
 * Headers that act on documents only (or on downloads and plug-ins of old browsers), left off the
 * built scripts, styles and data files: a signed-in page loads 40 to 90 of these files, and each
 * header line went with every one of them (about 250 bytes a file, counted in the pages' JavaScript
 * budget, docs/performance/javascript-per-route.md). `X-Content-Type-Options`, the
 * `Cross-Origin-Resource-Policy`, the `Referrer-Policy` (a module's imports follow it) and the
 * short policy stay. Their validators go too: the file names carry their content's hash and are
 * cached as immutable, so a browser never revalidates them.
 */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

/**
 * Security headers; the CSP allows the SPA (antd injects inline styles, the built pages carry one
 * inline script each, allowed by its hash) and embedding by `frameAncestors`.
 *
 * - `Strict-Transport-Security` when the request came over HTTPS: on a TLS socket, or from a
 *   proxy the operator trusts (`TRUST_PROXY`) that says `X-Forwarded-Proto: https`. Fastify only
 *   believes that header from a trusted peer, so plain HTTP never gets it.
 * - The short `ASSET_CSP` on the built scripts, styles and JSON files, without the headers that
 *   act on documents only (`DOCUMENT_ONLY_HEADERS`); pages, images and API answers keep the full
 *   policy and every header.
 * - `Cache-Control: no-store` on every answer that does not set its own caching: API answers
 *   (data, errors, 404 envelopes) carry a user's data and must not be kept by browsers or
 *   proxies. The web app's files keep theirs (`web.ts`: immutable assets, revalidated pages).
 */
export async function registerSecurity(
  app: FastifyInstance,
  frameAncestors: string[],
  /** CSP sources of the built pages' own inline scripts (`inlineScriptHashes` in web.ts). */
  scriptHashes: readonly string[] = [],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
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
    if (NON_DOCUMENT_ASSET.test(request.url)) {
      void reply.header('content-security-policy', ASSET_CSP);
      for (const name of DOCUMENT_ONLY_HEADERS) void reply.removeHeader(name);
    }
  });
}
