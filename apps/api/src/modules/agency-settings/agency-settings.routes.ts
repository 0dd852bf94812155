import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgencySettings, PriceChain, PriceChainQuery } from '@portal/domain/agency-settings';
import { AgencyId } from '@portal/domain/sub-agencies';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { okResponse } from '../../platform/schema';
import type { WebhookTargetRule } from '../notifications';
import { getAgencySettings, getPriceChain, saveAgencySettings } from './agency-settings.service';

const tags = ['agency-settings'];
const Params = z.strictObject({ id: AgencyId });

/** A sub-agency's settings (spec §3 agency config, §7 `PUT /base/v2/agencies/{id}/config`) and its price chain. */
export async function agencySettingsRoutes(
  fastify: FastifyInstance,
  { db, webhookTargets }: { db: Db; webhookTargets: WebhookTargetRule },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/base/v2/agencies/:id/config',
    {
      config: { access: 'agencyAdmin' },
      schema: { tags, params: Params, response: okResponse(AgencySettings) },
    },
    async (request) => ok(await getAgencySettings(db, requireCtx(request), request.params.id)),
  );

  app.put(
    '/base/v2/agencies/:id/config',
    {
      config: { access: 'agencyAdmin' },
      schema: { tags, params: Params, body: AgencySettings, response: okResponse(AgencySettings) },
    },
    async (request) =>
      ok(await saveAgencySettings(db, requireCtx(request), request.params.id, request.body, webhookTargets)),
  );

  app.get(
    '/base/v2/agencies/:id/price-chain',
    {
      config: { access: 'agencyManager' },
      schema: { tags, params: Params, querystring: PriceChainQuery, response: okResponse(PriceChain) },
    },
    async (request) => ok(await getPriceChain(db, requireCtx(request), request.params.id, request.query)),
  );
}
