import type { FastifyServerOptions } from 'fastify';

/** pino options: never log passwords, tokens, cookies or the Authorization header. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.token',
        '*.signature',
      ],
      censor: '[redacted]',
    },
  };
}
