import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgencyIdParams } from '@portal/domain/agencies';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { okResponse } from '../../platform/schema';
import { ApiKeyResult, keyAgency, rotateApiKey } from './api-keys';

/**
 * `POST /base/v2/agencies/{id}/apikey` (spec §7): an agency admin issues the API key of their own
 * agency or of a direct sub-agency. The key is answered once and replaces the previous one.
 */
/** The call takes no body (Fastify gives null); an empty JSON object is accepted too. */
const NoBody = z.strictObject({}).nullish();

export async function apiKeyRoutes(fastify: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/base/v2/agencies/:id/apikey',
    {
      config: { access: 'agencyAdmin' },
      schema: {
        tags: ['agencies'],
        params: AgencyIdParams,
        body: NoBody,
        response: okResponse(ApiKeyResult),
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const agency = await keyAgency(db, ctx, request.params.id);
      return ok(await rotateApiKey(db, ctx, agency, now()));
    },
  );
}
