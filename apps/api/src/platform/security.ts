import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers; the CSP allows the SPA (antd injects inline styles) and embedding by `frameAncestors`. */
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
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
}
