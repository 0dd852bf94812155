import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorMessage } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { ok, fail } from '../../platform/envelope';
import { AppError, parse } from '../../platform/errors';
import { localeOf } from '../../platform/i18n';
import { withIdempotency } from '../../platform/idempotency';
import { requireCtx } from '../../platform/request-context';
import { requireFlightService } from '../shopping/access';
import { FlightOrderListQuery, StatusCountQuery } from '@portal/domain/flight-order';
import { cancelOrder } from './cancel-order';
import { queuePaymentDeadline } from './order-jobs';
import { createFlightOrder } from './create-order';
import { countByStatus, listOrders } from './list-orders';
import type { FlightOrderDeps } from './flight-orders.context';
import { presentOrder } from './flight-orders.presenter';
import { findOrder, listEvents } from './flight-orders.repo';
import type { FlightOrderRow } from './flight-orders.schema';

const IdParam = z.object({ id: z.string().trim().min(1).max(64) });

/** Spec §7 flight order calls; every one needs the flight service and is scoped to the caller's agency. */
export async function flightOrderRoutes(app: FastifyInstance, { deps }: { deps: FlightOrderDeps }) {
  const flightCtx = (request: FastifyRequest) => {
    const ctx = requireCtx(request);
    requireFlightService(ctx);
    return ctx;
  };
  /** Own orders only, when the agency says so. */
  const isVisible = (row: FlightOrderRow, ctx: ReturnType<typeof flightCtx>) =>
    ctx.agency.commonConfig.onlyShowOwnOrders !== true || row.userId === ctx.user.id;
  const present = async (row: FlightOrderRow, db = deps.db) =>
    presentOrder(row, await listEvents(db, row.id), deps.now());

  app.post('/order/v2/flight/orders', async (request, reply) => {
    const ctx = flightCtx(request);
    return withIdempotency(deps.db, request, reply, async (tx) => {
      const outcome = await createFlightOrder({ ...deps, db: tx }, ctx, request.body);
      if (outcome.kind === 'quote_changed') {
        const def = ERRORS.QUOTE_CHANGED;
        void reply.status(def.status);
        return fail(def.code, errorMessage(def.key, localeOf(request)), outcome.verification);
      }
      await queuePaymentDeadline(tx, outcome.order);
      return ok(await present(outcome.order, tx));
    });
  });

  app.get('/order/v2/flight/orders', async (request) => {
    const ctx = flightCtx(request);
    return ok(await listOrders(deps.db, ctx, parse(FlightOrderListQuery, request.query), deps.now()));
  });

  app.get('/order/v2/flight/orders/status', async (request) => {
    const ctx = flightCtx(request);
    const { status } = parse(StatusCountQuery, request.query);
    return ok(await countByStatus(deps.db, ctx, status));
  });

  app.get('/order/v2/flight/orders/:id', async (request) => {
    const ctx = flightCtx(request);
    const { id } = parse(IdParam, request.params);
    const row = await findOrder(deps.db, ctx.agency.id, id);
    if (!row || !isVisible(row, ctx)) throw new AppError('ORDER_NOT_FOUND');
    return ok(await present(row));
  });

  app.delete('/order/v2/flight/orders/:id', async (request) => {
    const ctx = flightCtx(request);
    const { id } = parse(IdParam, request.params);
    return ok(
      await deps.db.transaction(async (tx) => {
        const visible = await findOrder(tx, ctx.agency.id, id);
        if (!visible || !isVisible(visible, ctx)) throw new AppError('ORDER_NOT_FOUND');
        return present(await cancelOrder(tx, ctx, id, deps.now()), tx);
      }),
    );
  });
}
