import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as paymentsApi from '@portal/domain/api/payments';
import { FlightPaymentResult } from '@portal/domain/flight-order';
import { fromContract } from '../../platform/route-contract';
import { envelope } from '../../platform/schema';
import type { PaymentGateways } from '../payments/index';
import type { Payable } from '../payments/index';
import { payWithChannel } from '../payments/index';
import { requireCtx } from '../../platform/request-context';
import { presentFullOrder } from './after-sales/after-sales.presenter';
import type { FlightOrderDeps } from './flight-orders.context';
import type { FlightOrderRow } from './flight-orders.schema';

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

  app.route({
    ...fromContract(paymentsApi.payFlightOrder),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const { channel, returnUrl } = request.body;
      const answer = await payWithChannel(request, reply, {
        ctx: requireCtx(request),
        db: deps.db,
        now: deps.now,
        gateways,
        payable,
        key: request.params.id,
        channel,
        returnUrl,
        present: (tx, paid) => presentFullOrder(tx, paid, deps.now()),
      });
      return PaymentAnswer.parse(answer);
    },
  });
}
