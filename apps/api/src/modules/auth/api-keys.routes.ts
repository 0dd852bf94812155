import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as agenciesApi from '@portal/domain/api/agencies';
import { fromContract } from '../../platform/route-contract';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { keyAgency, rotateApiKey } from './api-keys';

/**
 * `POST /base/v2/agencies/{id}/apikey` (spec §7): an agency admin issues the API key of their own
 * agency or of a direct sub-agency. The key is answered once and replaces the previous one.
 */
export async function apiKeyRoutes(fastify: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(agenciesApi.issueApiKey),
    config: { access: 'agencyAdmin' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const agency = await keyAgency(db, ctx, request.params.id);
      return ok(await rotateApiKey(db, ctx, agency, now()));
    },
  });
}
