import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as siteApi from '@portal/domain/api/site';
import { fromContract } from '../../platform/route-contract';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files';
import { readSiteImage } from './site-admin';
import { getExchangeRates, getSiteConfig } from './site.service';

/** Each upload has its own address: cached for a day, never sniffed as anything but an image. */
function sendImage(reply: FastifyReply, file: StoredFile): FastifyReply {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=86400')
    .type(file.contentType)
    .send(file.bytes);
}

export async function siteRoutes(
  fastify: FastifyInstance,
  { database, images }: { database: Database; images: FileStorage },
) {
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
    ...fromContract(siteApi.getSiteImage),
    config: { access: 'public' },
    handler: async (request, reply) => sendImage(reply, await readSiteImage(images, request.params.id)),
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
