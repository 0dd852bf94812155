import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangeRequest, ChangeSearchRequest } from '@portal/domain/after-sales';
import { errorMessage } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { FlightOrder } from '@portal/domain/flight-order';
import { ShoppingStarted, VerificationResult } from '@portal/domain/shopping';
import { fail, ok } from '../../../platform/envelope';
import { localeOf } from '../../../platform/i18n';
import { withIdempotentSteps } from '../../../platform/idempotency';
import { envelope, okResponse } from '../../../platform/schema';
import type { FlightOrderDeps } from '../flight-orders.context';
import { requireCtx } from '../../../platform/request-context';
import { presentFullOrder } from './after-sales.presenter';
import { prepareChange, saveChange, type ChangeOutcome } from './change';
import { ChangeSearches, startChangeSearch } from './change-search';

const tags = ['after-sales'];
const IdParams = z.strictObject({ id: z.string().trim().min(1).max(64) });

/**
 * The 409 answers of a change request: the changed quote (QUOTE_CHANGED, with the new solution to
 * choose), a ticket already in after-sales, a move the order no longer allows, or a conflict of
 * its `Idempotency-Key`.
 */
const ChangeConflict = envelope(
  z.union([
    VerificationResult,
    z.object({ reason: z.enum(['different_request', 'in_progress']) }),
    z.object({ from: z.string(), to: z.string() }),
    z.null(),
  ]),
);

/**
 * Change of issued tickets (spec §7): the search for new flights and the change request. Both need
 * the flight service and are scoped to the caller's agency (and own orders when the agency says so).
 */
export async function changeRoutes(fastify: FastifyInstance, { deps }: { deps: FlightOrderDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const changeSearches = new ChangeSearches();
  app.addHook('onClose', async () => changeSearches.close());
  const changeDeps = { ...deps, changeSearches };

  app.post(
    '/order/v2/flight/orders/:id/change/search',
    {
      config: { access: 'flight', limit: 'search' },
      schema: { tags, params: IdParams, body: ChangeSearchRequest, response: okResponse(ShoppingStarted) },
    },
    async (request) =>
      ok(await startChangeSearch(changeDeps, requireCtx(request), request.params.id, request.body)),
  );

  // The supplier's price check runs outside any transaction; then one short transaction creates
  // the change order, claims its tickets, queues the desk review and stores the keyed answer.
  app.post(
    '/order/v2/flight/orders/:id/change',
    {
      config: { access: 'flight', limit: 'booking' },
      schema: {
        tags,
        params: IdParams,
        body: ChangeRequest,
        response: { ...okResponse(FlightOrder), 409: ChangeConflict },
      },
    },
    async (request, reply) => {
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
  );
}
