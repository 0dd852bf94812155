import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stripeWebhook } from '@portal/domain/api/stripe';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { checkJsonText } from '../../platform/input-guard';
import { fromContract } from '../../platform/route-contract';
import {
  receiveDispute,
  receiveOutsideRefund,
  receiveVerifiedNotification,
  type OutsideMoneyDeps,
  type OutsideMoneyResult,
  type PayableRegistry,
  type PaymentGateways,
} from '../../modules/payments/index';
import type { OutsideMoney, StripeProvider } from './stripe-provider';

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
 * the payments module's one capture path (`receiveVerifiedNotification`), and a refund or dispute
 * event to its record of money moved at the provider (`receiveOutsideRefund`, `receiveDispute`).
 * Events the portal does not act on, and charges it never took, are answered 200 (`ignored`,
 * `unknown`), so Stripe stops sending them.
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
      const outside = options.stripe.outsideMoneyOf(event);
      if (outside) {
        const deps = { db: options.db, payables: options.payables, log: request.log };
        const result = await receiveOutsideMoney(deps, outside, options.now());
        request.log.info({ stripeEvent: event.id, type: event.type, result }, 'stripe event received');
        return ok({ received: true as const, result });
      }
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

/** Each refund of the event (the portal's own ignored), or the dispute: what the event did in all. */
async function receiveOutsideMoney(
  deps: OutsideMoneyDeps,
  outside: OutsideMoney,
  now: Date,
): Promise<OutsideMoneyResult> {
  if (outside.kind === 'dispute') return receiveDispute(deps, outside.dispute, now);
  const results: OutsideMoneyResult[] = [];
  for (const refund of outside.refunds) results.push(await receiveOutsideRefund(deps, refund, now));
  const order: OutsideMoneyResult[] = ['recorded', 'duplicate', 'unknown', 'ignored'];
  return order.find((r) => results.includes(r)) ?? 'ignored';
}
