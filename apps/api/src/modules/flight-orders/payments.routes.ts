import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { AppError, parse } from '../../platform/errors';
import { withIdempotency } from '../../platform/idempotency';
import { requireCtx } from '../../platform/request-context';
import { requireFlightService } from '../shopping/access';
import { PaymentRequest, paymentOptionsFor, type PaymentConfig } from '@portal/domain/payment';
import { queueTicketing } from './order-jobs';
import { payOrder } from './pay-order';
import { GatewayNotification, isGatewayChannel, sign } from './gateway';
import {
  checkoutUrl,
  findPayment,
  handleNotification,
  paymentState,
  startGatewayPayment,
} from './gateway-payment';
import type { FlightOrderDeps } from './flight-orders.context';
import { presentOrder } from './flight-orders.presenter';
import { listEvents } from './flight-orders.repo';
import type { FlightOrderRow } from './flight-orders.schema';

const IdParam = z.object({ id: z.string().trim().min(1).max(64) });

/** Paying a flight order: the channels offered, balance payment, the outside gateway and its notifications. */
export async function flightPaymentRoutes(app: FastifyInstance, { deps }: { deps: FlightOrderDeps }) {
  const flightCtx = (request: FastifyRequest) => {
    const ctx = requireCtx(request);
    requireFlightService(ctx);
    return ctx;
  };
  const present = async (row: FlightOrderRow, db = deps.db) =>
    presentOrder(row, await listEvents(db, row.id), deps.now());

  app.get('/order/v2/flight/config/payment', async (request) => {
    const ctx = flightCtx(request);
    const options = paymentOptionsFor({ disablePayment: ctx.agency.commonConfig.disablePayment === true });
    // Offered: the balance and the channels of the simulated gateway.
    const served = options.filter((o) => o.channel === 'balance' || isGatewayChannel(o.channel));
    const config: PaymentConfig = served.map((o) => ({
      channel: o.channel,
      flow: o.flow,
      labelKey: o.labelKey,
      feePercent: 0,
    }));
    return ok(config);
  });

  app.post('/order/v2/flight/orders/:id/payment', async (request, reply) => {
    const ctx = flightCtx(request);
    const { id } = parse(IdParam, request.params);
    const payment = parse(PaymentRequest, request.body);
    return withIdempotency(deps.db, request, reply, async (tx) => {
      if (isGatewayChannel(payment.channel)) {
        return ok(await startGatewayPayment(tx, ctx, id, payment.channel, payment.returnUrl, deps.now()));
      }
      const paid = await payOrder(tx, ctx, id, payment, deps.now(), queueTicketing(deps));
      return ok({ status: 'paid' as const, order: await present(paid, tx) });
    });
  });

  app.get('/order/v2/flight/payments/:id', async (request) => {
    const ctx = flightCtx(request);
    const { id } = parse(z.object({ id: z.uuid() }), request.params);
    return ok(await paymentState(deps.db, ctx, id, deps.now()));
  });

  // The gateway's signed asynchronous notification (public: the signature is the authentication).
  app.post('/order/v2/payments/notify/:channel', { config: { public: true } }, async (request) => {
    const { channel } = parse(z.object({ channel: z.string().max(40) }), request.params);
    if (!isGatewayChannel(channel)) throw new AppError('NOT_FOUND');
    const notification = parse(GatewayNotification, request.body);
    const result = await deps.db.transaction((tx) =>
      handleNotification(tx, channel, notification, deps.gatewaySecret, deps.now(), queueTicketing(deps)),
    );
    return ok({ result });
  });

  // The simulated gateway's hosted checkout: a page with pay and fail links, and the "customer
  // paid" step, which posts the signed notification as the real gateway would.
  const PaymentParams = z.object({ channel: z.string().max(40), paymentId: z.uuid() });
  app.get(
    '/order/v2/payments/sim/:channel/:paymentId',
    { config: { public: true } },
    async (request, reply) => {
      const { channel, paymentId } = parse(PaymentParams, request.params);
      const payment = await findPayment(deps.db, paymentId);
      if (!payment || payment.channel !== channel) throw new AppError('NOT_FOUND');
      const base = checkoutUrl(channel, paymentId);
      const amount = `${(payment.amountMinor / 100).toFixed(2)} ${payment.currency}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html><head><meta charset="utf-8"><title>Simulated ${channel} checkout</title></head>` +
            `<body><h1>Simulated ${channel} checkout</h1><p>Amount: ${amount}</p><p>Status: ${payment.status}</p>` +
            `<p><a id="pay" href="${base}/complete?outcome=paid">Pay</a> | ` +
            `<a id="fail" href="${base}/complete?outcome=failed">Fail</a></p></body></html>`,
        );
    },
  );
  app.get(
    '/order/v2/payments/sim/:channel/:paymentId/complete',
    { config: { public: true } },
    async (request, reply) => {
      const { channel, paymentId } = parse(PaymentParams, request.params);
      const { outcome } = parse(z.object({ outcome: z.enum(['paid', 'failed']) }), request.query);
      const payment = await findPayment(deps.db, paymentId);
      if (!payment || payment.channel !== channel) throw new AppError('NOT_FOUND');
      const unsigned = {
        paymentId,
        tradeNo: `SIM${paymentId.replaceAll('-', '').slice(0, 20).toUpperCase()}`,
        status: outcome,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        timestamp: deps.now().getTime(),
      };
      await app.inject({
        method: 'POST',
        url: `/order/v2/payments/notify/${channel}`,
        payload: { ...unsigned, signature: sign(deps.gatewaySecret, channel, unsigned) },
      });
      return reply.redirect(payment.returnUrl ?? '/', 303);
    },
  );
}
