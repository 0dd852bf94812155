import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { getExchangeRates, getSiteConfig } from './site.service';

export async function siteRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const { db } = database;
  app.get('/base/v2/config/getSiteConfig', { config: { public: true } }, async () =>
    ok(await getSiteConfig(db)),
  );
  app.get('/base/v2/exchangeRates', { config: { public: true } }, async () => ok(await getExchangeRates(db)));

  app.get('/healthz', { config: { public: true } }, async () => ok({ status: 'ok' }));
  app.get('/readyz', { config: { public: true } }, async (request) => {
    try {
      await database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return ok({ status: 'ready', database: database.kind });
  });
}
