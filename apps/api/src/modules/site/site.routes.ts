import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExchangeRates, SiteConfig } from '@portal/domain/auth';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { okResponse } from '../../platform/schema';
import { getExchangeRates, getSiteConfig } from './site.service';

export async function siteRoutes(fastify: FastifyInstance, { database }: { database: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  app.get(
    '/base/v2/config/getSiteConfig',
    { config: { access: 'public' }, schema: { tags: ['site'], response: okResponse(SiteConfig) } },
    async () => ok(await getSiteConfig(db)),
  );
  app.get(
    '/base/v2/exchangeRates',
    { config: { access: 'public' }, schema: { tags: ['site'], response: okResponse(ExchangeRates) } },
    async () => ok(await getExchangeRates(db)),
  );

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], response: okResponse(z.object({ status: z.literal('ok') })) },
    },
    async () => ok({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        response: okResponse(
          z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
        ),
      },
    },
    async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return ok({ status: 'ready' as const, database: database.kind });
    },
  );
}
