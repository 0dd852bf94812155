import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as afterSalesApi from '@portal/domain/api/after-sales';
import { fromContract } from '../../../platform/route-contract';
import { errorMessage } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { fail, ok } from '../../../platform/envelope';
import { localeOf } from '../../../platform/i18n';
import { withIdempotentSteps } from '../../../platform/idempotency';
import type { FlightOrderDeps } from '../flight-orders.context';
import { requireCtx } from '../../../platform/request-context';
import { presentFullOrder } from './after-sales.presenter';
import { prepareChange, saveChange, type ChangeOutcome } from './change';
import { ChangeSearches, startChangeSearch } from './change-search';

/**
 * Change of issued tickets (spec §7): the search for new flights and the change request. Both need
 * the flight service and are scoped to the caller's agency (and own orders when the agency says so).
 */
export async function changeRoutes(fastify: FastifyInstance, { deps }: { deps: FlightOrderDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const changeSearches = new ChangeSearches();
  app.addHook('onClose', async () => changeSearches.close());
  const changeDeps = { ...deps, changeSearches };

  app.route({
    ...fromContract(afterSalesApi.startChangeSearch),
    config: { access: 'flight', limit: 'search' },
    handler: async (request) =>
      ok(await startChangeSearch(changeDeps, requireCtx(request), request.params.id, request.body)),
  });

  // The supplier's price check runs outside any transaction; then one short transaction creates
  // the change order, claims its tickets, queues the desk review and stores the keyed answer.
  app.route({
    ...fromContract(afterSalesApi.requestChange),
    config: { access: 'flight', limit: 'booking' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const { id } = request.params;
      return withIdempotentSteps(deps.db, request, reply, {
        outside: () => prepareChange(changeDeps, ctx, id, request.body),
        inside: async (tx, outcome: ChangeOutcome) => {
          if (outcome.kind === 'quote_changed') {
            const def = ERRORS.QUOTE_CHANGED;
            void reply.status(def.status);
            return fail(def.code, errorMessage(def.key, localeOf(request)), outcome.verification);
          }
          const change = await saveChange(changeDeps, tx, ctx, id, request.body, outcome);
          return ok(await presentFullOrder(tx, change, deps.now()));
        },
      });
    },
  });
}
