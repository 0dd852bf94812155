import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/** The headers helmet's middleware sets (`set`, in its order) and removes for `options`. */
export interface HelmetHeaders {
  set: readonly (readonly [string, string])[];
  removed: readonly string[];
}

/**
 * What helmet's middleware does to a response with `options`, read once by running it on a
 * recording response. Every header it sets here is a constant of the options (no directive is a
 * function of the request), so each request gets the same names and values as from the middleware
 * itself, without the policy being parsed and joined again for it (about 4 % of an API request's
 * CPU when `@fastify/helmet` built helmet's middleware on every request).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): HelmetHeaders {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-text value`);
      set.set(name, value);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return { set: [...set], removed };
}

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
export function registerSecurity(
  app: FastifyInstance,
  frameAncestors: string[],
  /** CSP sources of the built pages' own inline scripts (`inlineScriptHashes` in web.ts). */
  scriptHashes: readonly string[] = [],
): void {
  const headers = helmetHeaders({
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
  // On the raw response, as helmet's middleware sets them: a route's own header of the same name wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers.set) reply.raw.setHeader(name, value);
    for (const name of headers.removed) reply.raw.removeHeader(name);
    done();
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
