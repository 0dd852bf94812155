import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as afterSalesApi from '@portal/domain/api/after-sales';
import { ok } from '../../../platform/envelope';
import { withIdempotency } from '../../../platform/idempotency';
import type { FlightOrderDeps } from '../flight-orders.context';
import { requireCtx } from '../../../platform/request-context';
import { fromContract } from '../../../platform/route-contract';
import { presentFullOrder } from './after-sales.presenter';
import { confirmRefund, requestRefund } from './refund';
import { requestVoid } from './void';
import { preparePurchase, requestPurchase } from './ancillary-purchase';
import { presentAncillaries } from '../../shopping/index';

/**
 * Refund and void of issued flight orders (spec §7): each answers the new or moved order as it now
 * is, with its `allowedActions`. `Idempotency-Key` replays the first answer.
 */
export async function afterSalesRoutes(fastify: FastifyInstance, { deps }: { deps: FlightOrderDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(afterSalesApi.requestRefund),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const now = deps.now();
        const refund = await requestRefund(tx, deps, ctx, request.params.id, request.body, now);
        return ok(await presentFullOrder(tx, refund, now));
      });
    },
  });

  app.route({
    ...fromContract(afterSalesApi.confirmAfterSales),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const now = deps.now();
        const confirmed = await confirmRefund(tx, ctx, request.params.id, now);
        return ok(await presentFullOrder(tx, confirmed, now));
      });
    },
  });

  app.route({
    ...fromContract(afterSalesApi.requestVoid),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const now = deps.now();
        const voided = await requestVoid(tx, ctx, request.params.id, request.body, now);
        return ok(await presentFullOrder(tx, voided, now));
      });
    },
  });

  app.route({
    ...fromContract(afterSalesApi.getOrderAncillaries),
    config: { access: 'flight' },
    handler: async (request) =>
      ok(presentAncillaries((await preparePurchase(deps, requireCtx(request), request.params.id)).offer)),
  });

  app.route({
    ...fromContract(afterSalesApi.purchaseAncillaries),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      // The supplier's seat maps are read before the transaction, which then only writes.
      const prep = await preparePurchase(deps, ctx, request.params.id);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const now = deps.now();
        const purchase = await requestPurchase(tx, ctx, prep, request.body, now);
        return ok(await presentFullOrder(tx, purchase, now));
      });
    },
  });
}
