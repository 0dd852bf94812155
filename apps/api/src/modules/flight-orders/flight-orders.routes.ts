import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as flightOrdersApi from '@portal/domain/api/flight-orders';
import { fromContract } from '../../platform/route-contract';
import { errorMessage } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { ok, fail } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { localeOf } from '../../platform/i18n';
import { withIdempotentSteps } from '../../platform/idempotency';
import { projectingSerializerCompiler } from '../../platform/schema';
import { requireCtx } from '../../platform/request-context';
import { cancelOrder } from './cancel-order';
import { queuePnrCancel } from './order-jobs';
import { bookAtSupplier, saveBookedOrder, type BookingOutcome } from './create-order';
import { listOrders } from './list-orders';
import { countByStatus } from './order-status-counts';
import type { OrderListCache } from './list-cache';
import type { FlightOrderDeps } from './flight-orders.context';
import { findOrderPage, presentFullOrder } from './after-sales/after-sales.presenter';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { findOrder } from './flight-orders.repo';
import type { FlightOrderRow } from './flight-orders.schema';
import { TextSearchLane } from './text-search-lane';

/**
 * Spec §7 flight order calls; every one needs the flight service and is scoped to the caller's
 * agency. `listCache` holds the list's and status counts' answers (see `watchOrderListChanges`).
 */
export async function flightOrderRoutes(
  fastify: FastifyInstance,
  {
    deps,
    listCache,
    textSearchesAtOnce,
  }: { deps: FlightOrderDeps; listCache: OrderListCache; textSearchesAtOnce: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const textSearches = new TextSearchLane(textSearchesAtOnce);
  const present = async (row: FlightOrderRow, db = deps.db) => presentFullOrder(db, row, deps.now());

  // The supplier's price check and booking run outside any transaction; then one short
  // transaction saves the order, its first timeline row, its deadline job and the stored answer.
  app.route({
    ...fromContract(flightOrdersApi.createFlightOrder),
    config: { access: 'flight', limit: 'booking' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      return withIdempotentSteps(deps.db, request, reply, {
        outside: () => bookAtSupplier(deps, ctx, request.body),
        inside: async (tx, outcome: BookingOutcome, storeAnswer) => {
          if (outcome.kind === 'quote_changed') {
            const def = ERRORS.QUOTE_CHANGED;
            void reply.status(def.status);
            return fail(def.code, errorMessage(def.key, localeOf(request)), outcome.verification);
          }
          return saveBookedOrder(tx, outcome, deps.now(), (order) => ok(order), storeAnswer);
        },
        // The supplier booked but the order was not saved: its PNR must not hold seats for nobody.
        undo: async (outcome, error) => {
          if (outcome.kind !== 'booked') return;
          const { booking } = outcome;
          request.log.error({ err: error, ...booking }, 'booked order not saved; cancelling its PNR');
          try {
            await queuePnrCancel(deps.db, booking, deps.now());
          } catch (queueError) {
            request.log.error(
              { err: queueError, ...booking },
              'PNR cancellation not queued: cancel it by hand',
            );
          }
        },
      });
    },
  });

  app.route({
    ...fromContract(flightOrdersApi.listFlightOrders),
    config: { access: 'flight' },
    serializerCompiler: projectingSerializerCompiler,
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(
        await listOrders(deps.db, ctx, request.query, deps.now(), { cache: listCache, textSearches }),
      );
    },
  });

  app.route({
    ...fromContract(flightOrdersApi.countFlightOrders),
    config: { access: 'flight' },
    serializerCompiler: projectingSerializerCompiler,
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await countByStatus(deps.db, ctx, request.query.status, listCache));
    },
  });

  app.route({
    ...fromContract(flightOrdersApi.getFlightOrder),
    config: { access: 'flight' },
    // The order's page is read far more than it changes: its answer is written by the compiled
    // serializer (same bytes as the zod encoder: order-detail-serializer.test.ts).
    serializerCompiler: projectingSerializerCompiler,
    handler: async (request) => {
      const ctx = requireCtx(request);
      const page = await findOrderPage(deps.db, ctx.agency.id, request.params.id);
      if (!page || !canSeeOrder(ctx, page.row)) throw new AppError('ORDER_NOT_FOUND');
      return ok(page.present(deps.now()));
    },
  });

  app.route({
    ...fromContract(flightOrdersApi.cancelFlightOrder),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const { id } = request.params;
      return ok(
        await deps.db.transaction(async (tx) => {
          const visible = await findOrder(tx, ctx.agency.id, id);
          if (!visible || !canSeeOrder(ctx, visible)) throw new AppError('ORDER_NOT_FOUND');
          return present(await cancelOrder(tx, ctx, id, deps.now()), tx);
        }),
      );
    },
  });
}
