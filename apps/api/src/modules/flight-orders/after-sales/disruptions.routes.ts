import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as afterSalesApi from '@portal/domain/api/after-sales';
import { fromContract } from '../../../platform/route-contract';
import { z } from 'zod';
import { DISRUPTION_TYPES } from '@portal/domain/after-sales';
import { Disruption } from '@portal/domain/disruptions';
import { ok } from '../../../platform/envelope';
import { AppError } from '../../../platform/errors';
import { okResponse } from '../../../platform/schema';
import { SUPPLIER_CALL_MS, type FlightOrderDeps } from '../flight-orders.context';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { findOrder } from '../flight-orders.repo';
import { flightOrders } from '../flight-orders.schema';
import type { FlightSupplier, Offer, ScheduleEvent } from '../../shopping/index';
import { requireCtx } from '../../../platform/request-context';
import { acceptProtection, acknowledgeDisruption, refundInsteadOfProtection } from './answer-disruption';
import { recordScheduleEvent, TICKETED_STATUSES } from './disruptions';
import { presentWithOrder } from './disruptions.presenter';
import { listDisruptions, listOrderDisruptions } from './list-disruptions';

/**
 * Flight disruptions (spec §2 disruption list, §3 types): the list, an order's disruptions, and the
 * agent's answers. Guarded like the flight orders: the flight service, the caller's agency, and
 * only the user's own orders when the agency says so.
 */
export async function disruptionRoutes(fastify: FastifyInstance, { deps }: { deps: FlightOrderDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(afterSalesApi.listDisruptions),
    config: { access: 'flight' },
    handler: async (request) => ok(await listDisruptions(deps.db, requireCtx(request), request.query)),
  });

  app.route({
    ...fromContract(afterSalesApi.listOrderDisruptions),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const order = await findOrder(deps.db, ctx.agency.id, request.params.id);
      if (!order || !canSeeOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
      return ok(await listOrderDisruptions(deps.db, ctx, order.id));
    },
  });

  app.route({
    ...fromContract(afterSalesApi.acknowledgeDisruption),
    config: { access: 'flight' },
    handler: async (request) =>
      ok(await acknowledgeDisruption(deps.db, requireCtx(request), request.params.id, deps.now())),
  });

  app.route({
    ...fromContract(afterSalesApi.acceptProtection),
    config: { access: 'flight' },
    handler: async (request) =>
      ok(await acceptProtection(deps.db, requireCtx(request), request.params.id, deps.now())),
  });

  app.route({
    ...fromContract(afterSalesApi.refundDisruption),
    config: { access: 'flight' },
    handler: async (request) =>
      ok(await refundInsteadOfProtection(deps.db, deps, requireCtx(request), request.params.id, deps.now())),
  });
}

const RaiseBody = z.strictObject({
  orderId: z.uuid(),
  type: z.enum(DISRUPTION_TYPES),
  segmentIndex: z.number().int().min(0).max(11),
  /** Change and restore: how far the flight moves, minutes (default 90 for a change, 0 for a restore). */
  minutes: z
    .number()
    .int()
    .min(-7 * 24 * 60)
    .max(7 * 24 * 60)
    .optional(),
});

const refused = (path: string, message: string) =>
  new AppError('ILLEGAL_INPUT', undefined, { errors: [{ path, message }] });

/**
 * Builds the schedule event a test raises on a booking, as the supplier would send it (the
 * simulation's, given by the composition root): a moved flight, a cancellation, a protection
 * searched at `supplier`.
 */
export type ScheduleEventBuilder = (
  supplier: Pick<FlightSupplier, 'search'>,
  offer: Offer,
  spec: { ref: string; type: ScheduleEvent['type']; segmentIndex: number; minutes?: number },
  signal: AbortSignal,
) => Promise<ScheduleEvent>;

/**
 * Test-only (registered with ENABLE_TEST_HOOKS=true): the order's supplier raises one schedule
 * event at once, recorded like the scan's. Public, like the supplier fault knobs.
 */
export async function disruptionTestHookRoutes(
  fastify: FastifyInstance,
  { deps, buildEvent }: { deps: FlightOrderDeps; buildEvent: ScheduleEventBuilder },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/__test/disruptions',
    {
      config: { access: 'public' },
      schema: { tags: ['test-hooks'], body: RaiseBody, response: okResponse(Disruption) },
    },
    async (request) => {
      const { orderId, type, segmentIndex, minutes } = request.body;
      const orderById = async () =>
        (await deps.db.select().from(flightOrders).where(eq(flightOrders.id, orderId)))[0];
      const order = await orderById();
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      if (!TICKETED_STATUSES.includes(order.status)) throw refused('orderId', 'the order holds no tickets');
      const segments = order.offer.legs.flatMap((l) => l.segments).length;
      if (segmentIndex >= segments) throw refused('segmentIndex', 'the order has no such segment');
      // The protected flight is searched at the supplier: outside any transaction.
      const supplier = deps.registry.get(order.supplier) ?? { search: async () => [] };
      const spec = { ref: `TEST-${crypto.randomUUID()}`, type, segmentIndex, minutes };
      const event = await deps.runner.bounded(SUPPLIER_CALL_MS, (signal) =>
        buildEvent(supplier, order.offer, spec, signal),
      );
      if (!event) throw new AppError('SERVICE_UNAVAILABLE');
      const name = deps.registry.get(order.supplier)?.name ?? order.supplier;
      const row = await recordScheduleEvent(deps.db, order.id, name, event, deps.now());
      const current = await orderById();
      if (!row || !current) throw refused('orderId', 'the order holds no tickets');
      return ok(presentWithOrder(row, current));
    },
  );
}
