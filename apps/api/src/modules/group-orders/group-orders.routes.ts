import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as groupOrdersApi from '@portal/domain/api/group-orders';
import { fromContract } from '../../platform/route-contract';
import { GroupOrder, GroupPaymentResult } from '@portal/domain/group-order';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { withIdempotency } from '../../platform/idempotency';
import { envelope } from '../../platform/schema';
import { requireCtx } from '../../platform/request-context';
import { createGroupOrder } from './create-group-order';
import { cancelGroupOrder, pickQuote } from './group-order-actions';
import type { GroupOrderDeps } from './group-orders.context';
import { canSeeGroupOrder } from './group-orders.policy';
import { presentGroupOrder } from './group-orders.presenter';
import { findGroupOrder } from './group-orders.repo';
import type { GroupOrderRow } from './group-orders.schema';
import { groupStatusCounts, listGroupOrders } from './list-group-orders';
import { payWithChannel } from '../payments/index';
import { groupInstalmentPayable } from './pay-instalment';

/** Answers replayed by `withIdempotency` are this route's own earlier answers: parsed back through the schema. */
const OrderAnswer = envelope(GroupOrder);
const PaymentAnswer = envelope(GroupPaymentResult);

/**
 * Group flight orders (`/order/v2/group/...`, operator or SuperUser with the flight service):
 * request, list with status counts, detail, pick a quote, cancel with a reason, pay an
 * instalment from the wallet or through an outside channel (its notification is settled by the
 * payment routes). Writes take an `Idempotency-Key`.
 */
export async function groupOrderRoutes(fastify: FastifyInstance, { deps }: { deps: GroupOrderDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const present = (row: GroupOrderRow, db: Db = deps.db) => presentGroupOrder(db, row, deps.now());

  app.route({
    ...fromContract(groupOrdersApi.createGroupOrder),
    config: { access: 'flight', limit: 'booking' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const answer = await withIdempotency(deps.db, request, reply, async (tx) =>
        ok(await present(await createGroupOrder(deps, tx, ctx, request.body), tx)),
      );
      return OrderAnswer.parse(answer);
    },
  });

  app.route({
    ...fromContract(groupOrdersApi.listGroupOrders),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await listGroupOrders(deps.db, ctx, request.query, deps.now()));
    },
  });

  app.route({
    ...fromContract(groupOrdersApi.countGroupOrders),
    config: { access: 'flight' },
    handler: async (request) => ok(await groupStatusCounts(deps.db, requireCtx(request))),
  });

  app.route({
    ...fromContract(groupOrdersApi.getGroupOrder),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const order = await findGroupOrder(deps.db, ctx.agency.id, request.params.id);
      if (!order || !canSeeGroupOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
      return ok(await present(order));
    },
  });

  app.route({
    ...fromContract(groupOrdersApi.pickGroupQuote),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const answer = await withIdempotency(deps.db, request, reply, async (tx) =>
        ok(await present(await pickQuote(tx, ctx, request.params.id, request.body, deps.now()), tx)),
      );
      return OrderAnswer.parse(answer);
    },
  });

  app.route({
    ...fromContract(groupOrdersApi.cancelGroupOrder),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const answer = await withIdempotency(deps.db, request, reply, async (tx) =>
        ok(await present(await cancelGroupOrder(tx, ctx, request.params.id, request.body, deps.now()), tx)),
      );
      return OrderAnswer.parse(answer);
    },
  });

  app.route({
    ...fromContract(groupOrdersApi.payGroupInstalment),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const { id, n } = request.params;
      const { channel, returnUrl } = request.body;
      const answer = await payWithChannel(request, reply, {
        ctx: requireCtx(request),
        db: deps.db,
        now: deps.now,
        gateways: deps.gateways,
        payable: groupInstalmentPayable,
        key: { id, n },
        channel,
        returnUrl,
        present: (tx, paid) => present(paid, tx),
      });
      return PaymentAnswer.parse(answer);
    },
  });
}
