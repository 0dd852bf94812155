import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { simCheckoutComplete, simCheckoutPage } from '@portal/domain/api/sim-checkout';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import { isSafeRedirect } from '@portal/domain/navigation';
import type { Db } from '../../platform/db';
import { fromContract } from '../../platform/route-contract';
import { AppError } from '../../platform/errors';
import type { OrderPaymentRow } from '../../modules/payments/index';
import type { PaymentGateways } from '../../modules/payments/index';
import { findPayment } from '../../modules/payments/index';
import { isSimulatedGateway, SIM_CHECKOUT_PREFIX, type SimulatedGateway } from './simulated-gateway';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function checkoutPage(
  gateway: SimulatedGateway,
  payment: OrderPaymentRow,
  token: string,
  open: boolean,
): string {
  const channel = escapeHtml(gateway.channel);
  const amount = `${fromMinor(payment.amountMinor, minorDigits(payment.currency))} ${payment.currency}`;
  const action = `${SIM_CHECKOUT_PREFIX}/${gateway.channel}/${payment.id}/complete`;
  const form = open
    ? `<form method="post" action="${escapeHtml(action)}">` +
      `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<button id="pay" type="submit" name="outcome" value="paid">Pay</button> ` +
      `<button id="fail" type="submit" name="outcome" value="failed">Fail</button></form>`
    : `<p><a id="back" href="${escapeHtml(returnTarget(payment))}">Back</a></p>`;
  // A QR channel's code opens this page on the payer's phone: the simulated wallet app.
  const title =
    gateway.kind === 'qr' ? `Simulated ${channel} wallet: scan and pay` : `Simulated ${channel} checkout`;
  return (
    `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title}</title></head><body>` +
    `<h1>${title}</h1>` +
    `<p>A demo payment provider: paying here moves no money.</p>` +
    `<p>Amount: ${escapeHtml(amount)}</p><p>Status: <span id="status">${escapeHtml(open ? 'pending' : payment.status === 'pending' ? 'expired' : payment.status)}</span></p>` +
    `${form}</body></html>`
  );
}

/** Where the payer goes after the checkout: the payment's return URL if it is a safe in-app path. */
const returnTarget = (payment: OrderPaymentRow) =>
  isSafeRedirect(payment.returnUrl) ? payment.returnUrl : '/';

export interface SimulatedCheckoutOptions {
  db: Db;
  gateways: PaymentGateways;
  now: () => Date;
}

/**
 * The hosted checkout of the simulated providers, and the "scan and pay" page their QR codes
 * open (registered only with SIMULATED_PAYMENTS).
 * The page needs the payment's secret token (in the link the payer was given); it posts a form
 * with that token, and the provider then posts its SIGNED notification to the notify endpoint,
 * as a real provider would. Nothing here marks an order paid by itself.
 */
export async function simulatedCheckoutRoutes(fastify: FastifyInstance, options: SimulatedCheckoutOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, gateways, now } = options;
  // The checkout form's body (this plugin's routes only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString())));
    },
  );

  /** The simulated gateway and payment behind a checkout link, if its token is right; else 404. */
  const checkout = async (channel: string, paymentId: string, token: string) => {
    const gateway = gateways.get(channel);
    if (!isSimulatedGateway(gateway) || !gateway.checkoutTokenValid(paymentId, token)) {
      throw new AppError('NOT_FOUND');
    }
    const payment = await findPayment(db, paymentId);
    if (!payment || payment.channel !== channel) throw new AppError('NOT_FOUND');
    const open = payment.status === 'pending' && now().getTime() <= payment.expiresAt.getTime();
    return { gateway, payment, open };
  };

  app.route({
    ...fromContract(simCheckoutPage),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const { channel, paymentId } = request.params;
      const { token } = request.query;
      const { gateway, payment, open } = await checkout(channel, paymentId, token);
      return reply.type('text/html; charset=utf-8').send(checkoutPage(gateway, payment, token, open));
    },
  });

  app.route({
    ...fromContract(simCheckoutComplete),
    // A form post authorized by the payment's secret token, not by cookies: no XSRF header.
    config: { access: 'public', xsrf: false },
    handler: async (request, reply) => {
      const { channel, paymentId } = request.params;
      const { token, outcome } = request.body;
      const { gateway, payment, open } = await checkout(channel, paymentId, token);
      if (open) {
        // The provider's server-to-server notification, signed with the shared secret.
        const res = await app.inject({
          method: 'POST',
          url: `/order/v2/payments/notify/${channel}`,
          payload: gateway.completion(payment, outcome, now()),
        });
        if (res.statusCode !== 200) {
          request.log.warn({ paymentId, statusCode: res.statusCode }, 'simulated notification refused');
        }
      }
      return reply.redirect(returnTarget(payment), 303);
    },
  });
}
