import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as paymentsApi from '@portal/domain/api/payments';
import { CHANNEL_OPTIONS } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireCtx } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { agencyChannels } from './pay-order';
import type { PaymentGateways } from './gateway';
import { handleNotification } from './notification';
import { listLateCaptures } from './late-captures';
import { receiveNotification } from './receive-notification';
import type { PayableRegistry } from './payable';
import { paymentState } from './payment-state';

export interface PaymentRoutesOptions {
  db: Db;
  now: () => Date;
  /** The outside payment providers; a channel without one is neither offered nor served. */
  gateways: PaymentGateways;
  /** The order kinds whose payments a provider may capture (registered by the order modules). */
  payables: PayableRegistry;
}

/**
 * What every payment shares, whatever it pays: the agency's channels, the state of an outside
 * payment, the providers' signed notifications (settled through the order kind's registered
 * payable), and late captures refunded and listed for finance. Each order kind's own payment route (flight
 * orders and changes, group instalments, train orders) starts its payments through the same path
 * (`payWithBalance`, `prepareGatewayPayment` and `recordGatewayPayment`).
 */
export async function paymentRoutes(
  fastify: FastifyInstance,
  { db, now, gateways, payables }: PaymentRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(paymentsApi.getPaymentConfig),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      // Offered: the agency's channels that are served (the balance, or a configured provider).
      const served = agencyChannels(ctx).filter((c) => c === 'balance' || gateways.get(c));
      return ok(served.map((channel) => ({ channel, ...CHANNEL_OPTIONS[channel], feePercent: 0 })));
    },
  });

  app.route({
    ...fromContract(paymentsApi.getPayment),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await paymentState(db, payables, ctx, request.params.id, now()));
    },
  });

  // The gateway's signed asynchronous notification (public: the signature is the authentication).
  app.route({
    ...fromContract(paymentsApi.notifyPayment),
    config: { access: 'public' },
    handler: async (request) => {
      const gateway = gateways.get(request.params.channel);
      if (!gateway) throw new AppError('NOT_FOUND');
      const deps = { db, gateways, payables, log: request.log };
      const result = await receiveNotification(
        deps,
        (tx) => handleNotification(tx, gateway, request.body, now(), payables),
        now,
      );
      return ok({ result });
    },
  });

  // Finance of the agency: card payments captured after their order could not take them, refunded.
  app.route({
    ...fromContract(paymentsApi.listLateCaptures),
    config: { access: 'finance' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await listLateCaptures(db, payables, ctx, request.query));
    },
  });
}
