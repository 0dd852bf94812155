import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as agencySettingsApi from '@portal/domain/api/agency-settings';
import { fromContract } from '../../platform/route-contract';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import type { WebhookTargetRule } from '../notifications/index';
import { getAgencySettings, getPriceChain, saveAgencySettings } from './agency-settings.service';

/** A sub-agency's settings (spec §3 agency config, §7 `PUT /base/v2/agencies/{id}/config`) and its price chain. */
export async function agencySettingsRoutes(
  fastify: FastifyInstance,
  { db, webhookTargets }: { db: Db; webhookTargets: WebhookTargetRule },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(agencySettingsApi.getAgencySettings),
    config: { access: 'agencyAdmin' },
    handler: async (request) => ok(await getAgencySettings(db, requireCtx(request), request.params.id)),
  });

  app.route({
    ...fromContract(agencySettingsApi.updateAgencySettings),
    config: { access: 'agencyAdmin' },
    handler: async (request) =>
      ok(await saveAgencySettings(db, requireCtx(request), request.params.id, request.body, webhookTargets)),
  });

  app.route({
    ...fromContract(agencySettingsApi.getPriceChain),
    config: { access: 'agencyManager' },
    handler: async (request) =>
      ok(await getPriceChain(db, requireCtx(request), request.params.id, request.query)),
  });
}
