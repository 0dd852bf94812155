/*
 * The real outside parties, built from the configuration by the composition root (`app.ts`) only:
 * today the Stripe payment provider (STRIPE_SECRET_KEY, off by default) and its webhook route.
 * Production modules define the ports (`PaymentProvider`, ...) and never import this folder.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../platform/config';
import type { Db } from '../platform/db';
import type { PayableRegistry, PaymentGateways, PaymentProvider } from '../modules/payments/index';
import { createStripeProvider, type StripeProvider } from './stripe/stripe-provider';
import { stripeWebhookRoutes } from './stripe/stripe-webhook.routes';

/** The real payment providers as configured: Stripe when STRIPE_SECRET_KEY is set, else none. */
export function configuredPaymentProviders(config: AppConfig, now: () => Date): PaymentProvider[] {
  if (!config.stripe) return [];
  return [
    createStripeProvider({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiHost: config.stripe.apiHost,
      publicUrl: config.publicUrl,
      now,
    }),
  ];
}

export function isStripeProvider(provider: PaymentProvider | undefined): provider is StripeProvider {
  return provider !== undefined && provider.channel === 'stripe' && 'verifyWebhook' in provider;
}

/** Stripe's webhook route, when the Stripe provider serves the `stripe` channel. */
export async function registerProviderWebhooks(
  app: FastifyInstance,
  options: { db: Db; now: () => Date; gateways: PaymentGateways; payables: PayableRegistry },
): Promise<void> {
  const stripe = options.gateways.get('stripe');
  if (isStripeProvider(stripe)) await app.register(stripeWebhookRoutes, { ...options, stripe });
}
