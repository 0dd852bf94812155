import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FlightPaymentResult } from '@portal/domain/flight-order';
import { PaymentRequest } from '@portal/domain/payment';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { withIdempotency, withIdempotentSteps } from '../../platform/idempotency';
import { envelope } from '../../platform/schema';
import type { PaymentGateways } from '../payments/gateway';
import { prepareGatewayPayment, recordGatewayPayment } from '../payments/gateway-payment';
import type { Payable } from '../payments/payable';
import { payWithBalance } from '../payments/pay-order';
import { flightContext } from '../shopping/access';
import { presentFullOrder } from '../after-sales/after-sales.presenter';
import type { FlightOrderDeps } from './flight-orders.context';
import type { FlightOrderRow } from './flight-orders.schema';

const OrderIdParams = z.strictObject({ id: z.string().trim().min(1).max(64) });
/**
 * The answer of a payment. `withIdempotency` may replay a stored answer (typed unknown); reading
 * it through this schema narrows it (it is this route's own earlier answer).
 */
const PaymentAnswer = envelope(FlightPaymentResult);

export interface FlightPaymentRoutesOptions {
  deps: FlightOrderDeps;
  /** The outside payment providers; a channel without one is neither offered nor served. */
  gateways: PaymentGateways;
  /** Flight orders (origin and change) as payables (`flightPayable` with each type's recipe). */
  payable: Payable<string, FlightOrderRow>;
}

/**
 * Paying a flight order (origin or change) through the one payment path: from the balance at
 * once, or through an outside provider (hosted checkout or QR code) whose signed notification
 * the payment routes settle.
 */
export async function flightPaymentRoutes(
  fastify: FastifyInstance,
  { deps, gateways, payable }: FlightPaymentRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/order/v2/flight/orders/:id/payment',
    {
      config: { access: 'ticket' },
      schema: {
        tags: ['payments'],
        params: OrderIdParams,
        body: PaymentRequest,
        response: { 200: PaymentAnswer },
      },
    },
    async (request, reply) => {
      const ctx = flightContext(request);
      const { id } = request.params;
      const payment = request.body;
      const provider = gateways.get(payment.channel);
      if (provider) {
        // The provider's start may be a network call: outside the transaction, then one short one.
        const answer = await withIdempotentSteps(deps.db, request, reply, {
          outside: () =>
            prepareGatewayPayment(deps.db, ctx, payable, id, provider, payment.returnUrl, deps.now()),
          inside: async (tx, prepared) =>
            ok(await recordGatewayPayment(tx, ctx, payable, id, provider, prepared, deps.now())),
        });
        return PaymentAnswer.parse(answer);
      }
      if (payment.channel !== 'balance') throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
      const answer = await withIdempotency(deps.db, request, reply, async (tx) => {
        const paid = await payWithBalance(tx, ctx, payable, id, deps.now());
        return ok({ status: 'paid' as const, order: await presentFullOrder(tx, paid, deps.now()) });
      });
      return PaymentAnswer.parse(answer);
    },
  );
}
