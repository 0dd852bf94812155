import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as siteApi from '@portal/domain/api/site';
import { fromContract } from '../../platform/route-contract';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { getExchangeRates, getSiteConfig } from './site.service';

export async function siteRoutes(fastify: FastifyInstance, { database }: { database: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  app.route({
    ...fromContract(siteApi.getSiteConfig),
    config: { access: 'public' },
    handler: async () => ok(await getSiteConfig(db)),
  });
  app.route({
    ...fromContract(siteApi.getExchangeRates),
    config: { access: 'public' },
    handler: async () => ok(await getExchangeRates(db)),
  });

  app.route({
    ...fromContract(siteApi.healthz),
    config: { access: 'public' },
    handler: async () => ok({ status: 'ok' as const }),
  });
  app.route({
    ...fromContract(siteApi.readyz),
    config: { access: 'public' },
    handler: async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return ok({ status: 'ready' as const, database: database.kind });
    },
  });
}
