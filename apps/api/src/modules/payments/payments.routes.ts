import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as paymentsApi from '@portal/domain/api/payments';
import { fromContract } from '../../platform/route-contract';
import { FlightPaymentResult } from '@portal/domain/flight-order';
import { CHANNEL_OPTIONS } from '@portal/domain/payment';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { withIdempotency, withIdempotentSteps } from '../../platform/idempotency';
import { requireCtx } from '../../platform/request-context';
import { envelope } from '../../platform/schema';
import { flightContext } from '../shopping/access';
import { assertCanReadWallet } from '../wallet/wallet.policy';
import { queueTicketing } from '../flight-orders/order-jobs';
import { agencyChannels, payOrder, type OnPaidHooks } from './pay-order';
import type { PaymentGateways } from './gateway';
import {
  flightCaptureTarget,
  handleNotification,
  type CaptureTarget,
  prepareGatewayPayment,
  recordGatewayPayment,
} from './gateway-payment';
import { lateCaptureLog, listLateCaptures, refundLateCapture } from './late-captures';
import { paymentState } from './payment-state';
import { simulatedCheckoutRoutes } from './sim-checkout.routes';
import { isSimulatedGateway } from './simulated-gateway';
import type { FlightOrderDeps } from '../flight-orders/flight-orders.context';
import { presentFullOrder } from '../after-sales/after-sales.presenter';
import type { FlightOrderRow } from '../flight-orders/flight-orders.schema';

/**
 * The answer of a payment. `withIdempotency` may replay a stored answer (typed unknown); reading
 * it through this schema narrows it (it is this route's own earlier answer).
 */
const PaymentAnswer = envelope(FlightPaymentResult);

export interface FlightPaymentRoutesOptions {
  deps: FlightOrderDeps;
  /** The outside payment providers; a channel without one is neither offered nor served. */
  gateways: PaymentGateways;
  /**
   * What happens once an order of each type is paid; default: origin orders are queued for
   * ticketing. A type without a hook is not paid.
   */
  onPaid?: OnPaidHooks;
  /** Settles captures of group orders' instalments (started by the group order routes). */
  groupInstalmentCaptures?: CaptureTarget;
}

/**
 * Paying any payable order (origin, change) through one path: the agency's channels, balance
 * payment, the outside providers (hosted checkout or QR code) and their signed notifications,
 * late captures refunded and listed for finance, and (only when a simulated provider is
 * configured) the simulated checkout and scan pages. Notifications of group instalments'
 * payments (started by the group order routes) are settled here too, by `groupInstalmentCaptures`.
 */
export async function flightPaymentRoutes(
  fastify: FastifyInstance,
  { deps, gateways, onPaid, groupInstalmentCaptures }: FlightPaymentRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hooks: OnPaidHooks = { origin: queueTicketing(deps), ...onPaid };
  const targets = { flight: flightCaptureTarget(hooks), groupInstalment: groupInstalmentCaptures };
  const flightCtx = flightContext;
  const present = async (row: FlightOrderRow, db = deps.db) => presentFullOrder(db, row, deps.now());

  app.route({
    ...fromContract(paymentsApi.getPaymentConfig),
    config: { access: 'ticket' },
    handler: async (request) => {
      const ctx = flightCtx(request);
      // Offered: the agency's channels that are served (the balance, or a configured provider).
      const served = agencyChannels(ctx).filter((c) => c === 'balance' || gateways.get(c));
      return ok(served.map((channel) => ({ channel, ...CHANNEL_OPTIONS[channel], feePercent: 0 })));
    },
  });

  app.route({
    ...fromContract(paymentsApi.payFlightOrder),
    config: { access: 'ticket' },
    handler: async (request, reply) => {
      const ctx = flightCtx(request);
      const { id } = request.params;
      const payment = request.body;
      const provider = gateways.get(payment.channel);
      if (provider) {
        // The provider's start may be a network call: outside the transaction, then one short one.
        const answer = await withIdempotentSteps(deps.db, request, reply, {
          outside: () =>
            prepareGatewayPayment(deps.db, ctx, id, provider, payment.returnUrl, hooks, deps.now()),
          inside: async (tx, prepared) =>
            ok(await recordGatewayPayment(tx, ctx, provider, prepared, hooks, deps.now())),
        });
        return PaymentAnswer.parse(answer);
      }
      const answer = await withIdempotency(deps.db, request, reply, async (tx) => {
        const paid = await payOrder(tx, ctx, id, payment, deps.now(), hooks);
        return ok({ status: 'paid' as const, order: await present(paid, tx) });
      });
      return PaymentAnswer.parse(answer);
    },
  });

  app.route({
    ...fromContract(paymentsApi.getPayment),
    config: { access: 'ticket' },
    handler: async (request) => {
      const ctx = flightCtx(request);
      return ok(await paymentState(deps.db, ctx, request.params.id, deps.now()));
    },
  });

  // The gateway's signed asynchronous notification (public: the signature is the authentication).
  app.route({
    ...fromContract(paymentsApi.notifyPayment),
    config: { access: 'public' },
    handler: async (request) => {
      const gateway = gateways.get(request.params.channel);
      if (!gateway) throw new AppError('NOT_FOUND');
      const outcome = await deps.db.transaction((tx) =>
        handleNotification(tx, gateway, request.body, deps.now(), targets),
      );
      if (outcome.result !== 'late') return ok({ result: outcome.result });
      // Money the order cannot take: refunded through the gateway now, after the transaction;
      // when that fails, the queued job tries again.
      const capture = outcome.capture;
      try {
        const refunded = await refundLateCapture(deps.db, gateways, capture.id, deps.now());
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
  });

  // Finance of the agency: card payments captured after their order could not take them, refunded.
  app.route({
    ...fromContract(paymentsApi.listLateCaptures),
    config: { access: 'finance' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      assertCanReadWallet(ctx);
      return ok(await listLateCaptures(deps.db, ctx, request.query));
    },
  });

  if (gateways.list().some(isSimulatedGateway)) {
    await app.register(simulatedCheckoutRoutes, { db: deps.db, gateways, now: deps.now });
  }
}
