import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors';
import { isApiPath } from './request-context';

export interface WebOptions {
  webDist: string;
}

/** JSON answers (the envelope, the OpenAPI document) at or over this many bytes are compressed. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses JSON answers of at least `COMPRESS_THRESHOLD` bytes with brotli or gzip, as the
 * client accepts. Registered before the routes, since it hooks each route as it is declared.
 * An answer that already carries a `Content-Encoding` (the web app's files, compressed once at
 * build time and sent as they are by `registerWeb`) is never compressed again; a built file the
 * build left without copies is compressed on the way out. Compressed request bodies are not
 * accepted: nothing is inflated on our side.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
  });
}

/** The built pages: `/` gets index.html, every other client route app.html (see registerWeb). */
const PAGES = ['index.html', 'app.html'];
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * CSP sources (`'sha256-…'`) of the inline scripts in the built pages: the first paint, which
 * the web build inlines after `#root` (apps/web/first-paint-plugin.ts). Read once at start from
 * the files the server sends, so the policy allows exactly those scripts and no other inline one.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const hashes = new Set<string>();
  for (const page of PAGES) {
    const file = path.join(webDist, page);
    if (!fs.existsSync(file)) continue;
    for (const [, body = ''] of fs.readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

/**
 * Serves the built SPA from `webDist` (hashed `/assets/*` immutable, the rest revalidated) and
 * answers unknown non-API GETs with `app.html` (or `index.html`) so that client-side routes load. Unknown API
 * paths and non-GET requests get the 404 envelope. Files are sent precompressed when the build
 * left a `.br`/`.gz` beside them and the client accepts that encoding.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const indexFile = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // The page of every client route but `/`: the same app without the home page's preload links
  // (apps/web/vite.config.ts, preloadHome); a build without it serves index.html everywhere.
  const appPage = fs.existsSync(path.join(options.webDist, 'app.html')) ? 'app.html' : 'index.html';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      cacheControl: false,
      index: 'index.html',
      // The build writes `x.br` and `x.gz` beside each file worth compressing (vite.config.ts):
      // sent as `Content-Encoding: br`/`gzip` to clients that accept it, always with `Vary`.
      preCompressed: true,
      // The compressed copies are not pages of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      // One route per built file (the dist is complete before start): everything else is a 404.
      wildcard: false,
      setHeaders(res, filePath) {
        const rel = path.relative(options.webDist, filePath).split(path.sep).join('/');
        res.header(
          'cache-control',
          rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler({}, (request: FastifyRequest, reply: FastifyReply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !isRead) {
      sendNotFound(request, reply);
      return;
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    if (!hasWeb) {
      void reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(
          `The web app is not built (no ${indexFile}). Run "npm run build" at the repository root, or set WEB_DIST.\n`,
        );
      return;
    }
    if (looksLikeFile || !acceptsHtml(request)) {
      void reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
      return;
    }
    // `/` reaches this handler too when the client accepts a compressed copy.
    void reply.header('cache-control', 'no-cache').sendFile(pathname === '/' ? 'index.html' : appPage);
  });
}
