import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LateCaptureList, LateCaptureQuery } from '@portal/domain/late-capture';
import { CHANNEL_OPTIONS, PaymentConfig, PaymentStatusView } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireCtx } from '../../platform/request-context';
import { okResponse } from '../../platform/schema';
import { agencyChannels } from './pay-order';
import { GatewayNotification, type PaymentGateways } from './gateway';
import { handleNotification } from './notification';
import { lateCaptureLog, listLateCaptures, refundLateCapture } from './late-captures';
import type { PayableRegistry } from './payable';
import { paymentState } from './payment-state';

const PaymentIdParams = z.strictObject({ id: z.uuid() });
const ChannelParams = z.strictObject({ channel: z.string().min(1).max(40) });

/** What the portal answers a gateway's notification (the gateway only needs a 200). */
export const NOTIFY_RESULTS = [
  'paid',
  'duplicate',
  'failed',
  'ignored',
  'refunded',
  'refund_pending',
] as const;
const NotifyAnswer = z.object({ result: z.enum(NOTIFY_RESULTS) });

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

  app.get(
    '/order/v2/flight/config/payment',
    { config: { access: 'flight' }, schema: { tags: ['payments'], response: okResponse(PaymentConfig) } },
    async (request) => {
      const ctx = requireCtx(request);
      // Offered: the agency's channels that are served (the balance, or a configured provider).
      const served = agencyChannels(ctx).filter((c) => c === 'balance' || gateways.get(c));
      return ok(served.map((channel) => ({ channel, ...CHANNEL_OPTIONS[channel], feePercent: 0 })));
    },
  );

  app.get(
    '/order/v2/flight/payments/:id',
    {
      config: { access: 'flight' },
      schema: { tags: ['payments'], params: PaymentIdParams, response: okResponse(PaymentStatusView) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await paymentState(db, payables, ctx, request.params.id, now()));
    },
  );

  // The gateway's signed asynchronous notification (public: the signature is the authentication).
  app.post(
    '/order/v2/payments/notify/:channel',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        params: ChannelParams,
        body: GatewayNotification,
        response: okResponse(NotifyAnswer),
      },
    },
    async (request) => {
      const gateway = gateways.get(request.params.channel);
      if (!gateway) throw new AppError('NOT_FOUND');
      const outcome = await db.transaction((tx) =>
        handleNotification(tx, gateway, request.body, now(), payables),
      );
      if (outcome.result !== 'late') return ok({ result: outcome.result });
      // Money the order cannot take: refunded through the gateway now, after the transaction;
      // when that fails, the queued job tries again.
      const capture = outcome.capture;
      try {
        const refunded = await refundLateCapture(db, gateways, capture.id, now());
        request.log.warn(lateCaptureLog(refunded ?? capture), 'late capture refunded');
        return ok({ result: 'refunded' as const });
      } catch (error) {
        request.log.error(
          { err: error, ...lateCaptureLog(capture) },
          'late capture refund failed; retry queued',
        );
        return ok({ result: 'refund_pending' as const });
      }
    },
  );

  // Finance of the agency: card payments captured after their order could not take them, refunded.
  app.get(
    '/order/v2/payments/late-captures',
    {
      config: { access: 'finance' },
      schema: { tags: ['payments'], querystring: LateCaptureQuery, response: okResponse(LateCaptureList) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await listLateCaptures(db, payables, ctx, request.query));
    },
  );
}
