import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessage } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { TrainOffer } from '@portal/domain/rail';
import {
  CreateTrainOrderBody,
  TrainOrder,
  TrainOrderList,
  TrainOrderListQuery,
  TrainPaymentRequest,
  TrainPaymentResult,
} from '@portal/domain/train-order';
import { fail, ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { withIdempotency, withIdempotentSteps } from '../../platform/idempotency';
import { requireCtx, type RequestContext } from '../../platform/request-context';
import { envelope, okResponse } from '../../platform/schema';
import { canBookTrainOrders } from './train-orders.policy';
import { presentTrainOrder, presentTrainOrderListItem } from './train-orders.presenter';
import { listTrainOrders } from './train-orders.repo';
import type { TrainOrderRow } from './train-orders.schema';
import { bookTrainAtSupplier, saveTrainOrder, type TrainBookingOutcome } from './book-train-order';
import { cancelAtSupplier, cancelTrainOrder, payTrainOrder } from './pay-train-order';
import { completeRefund, startRefund } from './refund-train-order';
import { completeTicketing, startManualTicketing } from './ticket-train-order';
import { visibleTrainOrder, type TrainOrderDeps } from './train-orders.service';

const tags = ['train-orders'];
const IdParams = z.strictObject({ id: z.string().trim().min(1).max(64) });
/** Actions without a body (refund, ticketing) take none or an empty object. */
const NoBody = z.strictObject({}).nullish();

/**
 * The 409 answers of a booking: the train as the supplier offers it now (QUOTE_CHANGED: another
 * price, or too few seats; `train` null when it no longer runs) or a conflict of its
 * `Idempotency-Key`.
 */
const BookingConflict = envelope(
  z.union([
    z.object({ reason: z.enum(['price_changed', 'unavailable']), train: TrainOffer.nullable() }),
    z.object({ reason: z.enum(['different_request', 'in_progress']) }),
  ]),
);

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
  app.post(
    '/order/v2/train/orders',
    {
      config: { access: 'trainBooking', limit: 'booking' },
      schema: {
        tags,
        body: CreateTrainOrderBody,
        response: { ...okResponse(TrainOrder), 409: BookingConflict },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      return withIdempotentSteps(deps.db, request, reply, {
        outside: () => bookTrainAtSupplier(deps, request.body),
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
  );

  app.get(
    '/order/v2/train/orders',
    {
      config: { access: 'train' },
      schema: { tags, querystring: TrainOrderListQuery, response: okResponse(TrainOrderList) },
    },
    async (request) => {
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
  );

  app.get(
    '/order/v2/train/orders/:id',
    { config: { access: 'train' }, schema: { tags, params: IdParams, response: okResponse(TrainOrder) } },
    async (request) => {
      const ctx = ctxOf(request);
      return ok(present(ctx, await visibleTrainOrder(deps.db, ctx, request.params.id)));
    },
  );

  app.post(
    '/order/v2/train/orders/:id/payment',
    {
      config: { access: 'trainBooking' },
      schema: { tags, params: IdParams, body: TrainPaymentRequest, response: okResponse(TrainPaymentResult) },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      return withIdempotency(deps.db, request, reply, async (tx) => {
        const paid = await payTrainOrder(tx, deps, ctx, request.params.id);
        return ok({ status: 'paid' as const, order: present(ctx, paid) });
      });
    },
  );

  app.delete(
    '/order/v2/train/orders/:id',
    {
      config: { access: 'trainBooking' },
      schema: { tags, params: IdParams, response: okResponse(TrainOrder) },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const canceled = await deps.db.transaction((tx) => cancelTrainOrder(tx, deps, ctx, request.params.id));
      return ok(present(ctx, canceled));
    },
  );

  // An operator (or SuperUser) issues an order waiting in manual_ticketing: proceeding in one
  // short transaction, then the supplier is asked; when it fails the queued job tries again.
  app.post(
    '/order/v2/train/orders/:id/ticketing',
    {
      config: { access: 'trainBooking' },
      schema: { tags, params: IdParams, body: NoBody, response: okResponse(TrainOrder) },
    },
    async (request) => {
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
  );

  // A refund before departure: the fee is fixed when asked; the supplier is asked after the
  // order moved to refunding; when it fails the queued job tries again.
  app.post(
    '/order/v2/train/orders/:id/refund',
    {
      config: { access: 'trainBooking' },
      schema: { tags, params: IdParams, body: NoBody, response: okResponse(TrainOrder) },
    },
    async (request) => {
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
  );
}
