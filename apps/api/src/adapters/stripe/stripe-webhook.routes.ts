import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stripeWebhook } from '@portal/domain/api/stripe';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { checkJsonText } from '../../platform/input-guard';
import { fromContract } from '../../platform/route-contract';
import {
  receiveVerifiedNotification,
  type PayableRegistry,
  type PaymentGateways,
} from '../../modules/payments/index';
import type { StripeProvider } from './stripe-provider';

export interface StripeWebhookOptions {
  db: Db;
  now: () => Date;
  stripe: StripeProvider;
  gateways: PaymentGateways;
  payables: PayableRegistry;
}

/** The largest event body accepted (Stripe's events are a few KB). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Stripe's webhook: the raw body kept beside the parsed one (the signature covers the bytes),
 * verified by `constructEvent` with STRIPE_WEBHOOK_SECRET, then a Checkout Session's event fed to
 * the payments module's one capture path (`receiveVerifiedNotification`). Events the portal does
 * not act on are answered `ignored`, so Stripe stops sending them.
 */
export async function stripeWebhookRoutes(fastify: FastifyInstance, options: StripeWebhookOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const raw = new WeakMap<FastifyRequest, string>();
  // This plugin's routes only: JSON read as text first, kept for the signature check.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      try {
        checkJsonText(text);
        raw.set(request, text);
        done(null, JSON.parse(text));
      } catch (error) {
        done(
          error instanceof AppError
            ? error
            : new AppError('PAYMENT_WEBHOOK_INVALID', undefined, { reason: 'not JSON' }),
        );
      }
    },
  );

  app.route({
    ...fromContract(stripeWebhook),
    // Called by Stripe: its signature is the authentication, no session and no XSRF header.
    config: { access: 'public', xsrf: false },
    handler: async (request) => {
      const header = request.headers['stripe-signature'];
      const body = raw.get(request);
      if (body === undefined) throw new AppError('PAYMENT_WEBHOOK_INVALID', undefined, { reason: 'no body' });
      const event = options.stripe.verifyWebhook(body, typeof header === 'string' ? header : undefined);
      const notification = options.stripe.notificationOf(event);
      if (!notification) {
        request.log.info({ stripeEvent: event.id, type: event.type }, 'stripe event ignored');
        return ok({ received: true as const, result: 'ignored' as const });
      }
      const deps = {
        db: options.db,
        gateways: options.gateways,
        payables: options.payables,
        log: request.log,
      };
      const result = await receiveVerifiedNotification(
        deps,
        options.stripe.channel,
        notification,
        options.now,
      );
      request.log.info(
        { stripeEvent: event.id, type: event.type, paymentId: notification.paymentId, result },
        'stripe event received',
      );
      return ok({ received: true as const, result });
    },
  });
}
