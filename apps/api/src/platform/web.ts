import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors';
import { isApiPath } from './request-context';

export interface WebOptions {
  webDist: string;
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

/**
 * Serves the built SPA from `webDist` (hashed `/assets/*` immutable, the rest revalidated) and
 * answers unknown non-API GETs with `index.html` so that client-side routes load. Unknown API
 * paths and non-GET requests get the 404 envelope.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const indexFile = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      cacheControl: false,
      index: 'index.html',
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
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
