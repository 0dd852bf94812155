import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RefundRequest, VoidRequest } from '@portal/domain/after-sales';
import { FlightOrder } from '@portal/domain/flight-order';
import { ok } from '../../../platform/envelope';
import { withIdempotency } from '../../../platform/idempotency';
import { okResponse } from '../../../platform/schema';
import type { FlightOrderDeps } from '../flight-orders.context';
import { requireCtx } from '../../../platform/request-context';
import { presentFullOrder } from './after-sales.presenter';
import { confirmRefund, requestRefund } from './refund';
import { requestVoid } from './void';

const tags = ['after-sales'];
const IdParams = z.strictObject({ id: z.string().trim().min(1).max(64) });
/** The confirmation carries no body (an empty object or none at all). */
const NoBody = z.strictObject({}).nullish();

/**
 * Refund and void of issued flight orders (spec §7): each answers the new or moved order as it now
 * is, with its `allowedActions`. `Idempotency-Key` replays the first answer.
 */
export async function afterSalesRoutes(fastify: FastifyInstance, { deps }: { deps: FlightOrderDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/order/v2/flight/orders/:id/refund',
    {
      config: { access: 'flight' },
      schema: { tags, params: IdParams, body: RefundRequest, response: okResponse(FlightOrder) },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const now = deps.now();
        const refund = await requestRefund(tx, deps, ctx, request.params.id, request.body, now);
        return ok(await presentFullOrder(tx, refund, now));
      });
    },
  );

  app.post(
    '/order/v2/flight/orders/:id/confirmation',
    {
      config: { access: 'flight' },
      schema: { tags, params: IdParams, body: NoBody, response: okResponse(FlightOrder) },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const now = deps.now();
        const confirmed = await confirmRefund(tx, ctx, request.params.id, now);
        return ok(await presentFullOrder(tx, confirmed, now));
      });
    },
  );

  app.post(
    '/order/v2/flight/orders/:id/void',
    {
      config: { access: 'flight' },
      schema: { tags, params: IdParams, body: VoidRequest, response: okResponse(FlightOrder) },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const now = deps.now();
        const voided = await requestVoid(tx, ctx, request.params.id, request.body, now);
        return ok(await presentFullOrder(tx, voided, now));
      });
    },
  );
}
