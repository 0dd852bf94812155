import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorMessage } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import * as trainOrdersApi from '@portal/domain/api/train-orders';
import { fail, ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { withIdempotency, withIdempotentSteps } from '../../platform/idempotency';
import { requireCtx, type RequestContext } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { canBookTrainOrders } from './train-orders.policy';
import { presentTrainOrder, presentTrainOrderListItem } from './train-orders.presenter';
import { listTrainOrders } from './train-orders.repo';
import type { TrainOrderRow } from './train-orders.schema';
import { bookTrainAtSupplier, saveTrainOrder, type TrainBookingOutcome } from './book-train-order';
import { cancelAtSupplier, cancelTrainOrder, payTrainOrder } from './pay-train-order';
import { completeRefund, startRefund } from './refund-train-order';
import { completeTicketing, startManualTicketing } from './ticket-train-order';
import { visibleTrainOrder, type TrainOrderDeps } from './train-orders.service';
import { suppliersAllowedFor } from '../agencies/index';

/**
 * Train orders (issue 11): booking, list, detail, payment with the balance, cancel before
 * ticketing, manual ticketing by an operator, refund. The list and the detail need the train
 * service (`access: 'train'`: finance users see the orders, spec §2 gives /train/orders no role);
 * booking and every action on an order need train booking too (`access: 'trainBooking'`: operator
 * or SuperUser, as /train/booking). Orders are seen by the flight orders' visibility rule.
 */
export async function trainOrderRoutes(fastify: FastifyInstance, { deps }: { deps: TrainOrderDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const present = (ctx: RequestContext, row: TrainOrderRow) =>
    presentTrainOrder(row, { now: deps.now(), canBook: canBookTrainOrders(ctx) });
  const ctxOf = (request: FastifyRequest) => requireCtx(request);

  // The supplier checks the price and seats and holds them outside any transaction; then one
  // short transaction saves the order, its deadline job and the stored answer.
  app.route({
    ...fromContract(trainOrdersApi.createTrainOrder),
    config: { access: 'trainBooking', limit: 'booking' },
    handler: async (request, reply) => {
      const ctx = ctxOf(request);
      return withIdempotentSteps(deps.db, request, reply, {
        outside: async () =>
          bookTrainAtSupplier(deps, request.body, (await suppliersAllowedFor(deps.db, ctx.agency.id)).rail),
        inside: async (tx, outcome: TrainBookingOutcome) => {
          if (outcome.kind === 'quote_changed') {
            const def = ERRORS.QUOTE_CHANGED;
            void reply.status(def.status);
            return fail(def.code, errorMessage(def.key, localeOf(request)), {
              reason: outcome.reason,
              train: outcome.train,
            });
          }
          return ok(present(ctx, await saveTrainOrder(tx, ctx, request.body, outcome, deps.now())));
        },
        // Booked at the supplier but not saved: its seats must not stay held for nobody.
        undo: async (outcome, error) => {
          if (outcome.kind !== 'booked') return;
          request.log.error(
            { err: error, reference: outcome.reference },
            'train booking not saved; cancelling it',
          );
          try {
            await cancelAtSupplier(deps, outcome.supplier, outcome.reference);
          } catch (cancelError) {
            request.log.error(
              { err: cancelError, reference: outcome.reference },
              'cancel the train booking by hand',
            );
          }
        },
      });
    },
  });

  app.route({
    ...fromContract(trainOrdersApi.listTrainOrders),
    config: { access: 'train' },
    handler: async (request) => {
      const ctx = ctxOf(request);
      const { rows, total } = await listTrainOrders(deps.db, ctx, request.query);
      const now = deps.now();
      const canBook = canBookTrainOrders(ctx);
      return ok({
        list: rows.map((row) => presentTrainOrderListItem(row, { now, canBook })),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      });
    },
  });

  app.route({
    ...fromContract(trainOrdersApi.getTrainOrder),
    config: { access: 'train' },
    handler: async (request) => {
      const ctx = ctxOf(request);
      return ok(present(ctx, await visibleTrainOrder(deps.db, ctx, request.params.id)));
    },
  });

  app.route({
    ...fromContract(trainOrdersApi.payTrainOrder),
    config: { access: 'trainBooking' },
    handler: async (request, reply) => {
      const ctx = ctxOf(request);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const paid = await payTrainOrder(tx, deps, ctx, request.params.id);
        return ok({ status: 'paid' as const, order: present(ctx, paid) });
      });
    },
  });

  app.route({
    ...fromContract(trainOrdersApi.cancelTrainOrder),
    config: { access: 'trainBooking' },
    handler: async (request) => {
      const ctx = ctxOf(request);
      const canceled = await deps.db.transaction((tx) => cancelTrainOrder(tx, deps, ctx, request.params.id));
      return ok(present(ctx, canceled));
    },
  });

  // An operator (or SuperUser) issues an order waiting in manual_ticketing: proceeding in one
  // short transaction, then the supplier is asked; when it fails the queued job tries again.
  app.route({
    ...fromContract(trainOrdersApi.ticketTrainOrder),
    config: { access: 'trainBooking' },
    handler: async (request) => {
      const ctx = ctxOf(request);
      const started = await deps.db.transaction((tx) =>
        startManualTicketing(tx, deps, ctx, request.params.id),
      );
      let done: TrainOrderRow | undefined;
      try {
        done = await completeTicketing(deps, started.id);
      } catch (error) {
        request.log.warn({ err: error, orderId: started.id }, 'train ticketing left to its job');
      }
      return ok(present(ctx, done ?? started));
    },
  });

  // A refund before departure: the fee is fixed when asked; the supplier is asked after the
  // order moved to refunding; when it fails the queued job tries again.
  app.route({
    ...fromContract(trainOrdersApi.refundTrainOrder),
    config: { access: 'trainBooking' },
    handler: async (request) => {
      const ctx = ctxOf(request);
      const started = await deps.db.transaction((tx) => startRefund(tx, deps, ctx, request.params.id));
      let done: TrainOrderRow | undefined;
      try {
        done = await completeRefund(deps, started.id);
      } catch (error) {
        request.log.warn({ err: error, orderId: started.id }, 'train refund left to its job');
      }
      return ok(present(ctx, done ?? started));
    },
  });
}
