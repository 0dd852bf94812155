import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as ratesApi from '@portal/domain/api/platform-rates';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requirePlatform } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import {
  clearOverride,
  importRates,
  listPlatformRates,
  overrideRate,
  rateHistory,
  type RatesAdminDeps,
  type RatesFeed,
} from '../exchange-rates/index';
import { recordPlatformAction } from '../platform-admin/index';

export interface PlatformRatesRoutesOptions {
  db: Db;
  now: () => Date;
  /** The rates feed the composition root chose (the simulated one in demo mode), else none. */
  feed: RatesFeed | undefined;
}

/**
 * `/platform/v2/rates`: the exchange rates as the platform keeps them. Reading needs any platform
 * admin; an override, its clearing and an import need `platform:finance`. Every change is in the
 * platform audit log, written in the change's transaction.
 */
export async function platformRatesRoutes(fastify: FastifyInstance, options: PlatformRatesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const depsFor = (request: FastifyRequest): RatesAdminDeps => {
    const ctx = requirePlatform(request);
    return {
      db: options.db,
      now: options.now,
      feed: options.feed,
      record: (tx, entry) => recordPlatformAction(tx, ctx, entry),
    };
  };
  const actorOf = (request: FastifyRequest) => {
    const { admin } = requirePlatform(request);
    return { id: admin.id, username: admin.username };
  };

  app.route({
    ...fromContract(ratesApi.listPlatformRates),
    config: { access: 'platform' },
    handler: async () => ok(await listPlatformRates(options.db, options.feed)),
  });
  app.route({
    ...fromContract(ratesApi.listRateHistory),
    config: { access: 'platform' },
    handler: async (request) =>
      ok(await rateHistory(options.db, request.params.currency, request.query.page, request.query.pageSize)),
  });
  app.route({
    ...fromContract(ratesApi.overrideRate),
    config: { access: 'platformFinance' },
    handler: async (request) =>
      ok(await overrideRate(depsFor(request), actorOf(request), request.params.currency, request.body)),
  });
  app.route({
    ...fromContract(ratesApi.clearRateOverride),
    config: { access: 'platformFinance' },
    handler: async (request) =>
      ok(
        await clearOverride(
          depsFor(request),
          actorOf(request),
          request.params.currency,
          request.body?.reason,
        ),
      ),
  });
  app.route({
    ...fromContract(ratesApi.importRates),
    config: { access: 'platformFinance' },
    handler: async (request) => ok(await importRates(depsFor(request), actorOf(request))),
  });
}
