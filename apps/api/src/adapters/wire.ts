/*
 * The real outside parties, built from the configuration by the composition root (`app.ts`) only
 * when configured: the Duffel flight supplier (DUFFEL_ACCESS_TOKEN, DUFFEL_BASE_URL) with its
 * webhook (DUFFEL_WEBHOOK_SECRET), and the Stripe payment provider (STRIPE_SECRET_KEY) with its
 * webhook. Production modules define the ports and never import this folder.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../platform/config';
import type { Db } from '../platform/db';
import { scanSoon } from '../modules/flight-orders/index';
import type { PayableRegistry, PaymentGateways, PaymentProvider } from '../modules/payments/index';
import type { FlightSupplier } from '../modules/shopping/index';
import { createDuffelSupplier } from './duffel/duffel-supplier';
import { duffelWebhookRoutes } from './duffel/webhook';
import { createStripeProvider, type StripeProvider } from './stripe/stripe-provider';
import { stripeWebhookRoutes } from './stripe/stripe-webhook.routes';

/** The real flight suppliers as configured: Duffel when its access token is set, else none. */
export function configuredAdapterFlightSuppliers(
  config: AppConfig,
  log: FastifyBaseLogger,
): FlightSupplier[] {
  if (!config.duffel) return [];
  const { accessToken, baseUrl } = config.duffel;
  return [createDuffelSupplier({ accessToken, baseUrl, log: log.child({ supplier: 'duffel' }) })];
}

/** The real parties' routes (webhooks), for those configured. */
export async function registerAdapterRoutes(
  app: FastifyInstance,
  options: { config: AppConfig; db: Db; now: () => Date },
): Promise<void> {
  const secret = options.config.duffel?.webhookSecret;
  if (!secret) return;
  await app.register(duffelWebhookRoutes, {
    secret,
    now: options.now,
    // The disruption scan asks Duffel for the order's airline-initiated changes and records them.
    onAirlineChange: () => scanSoon(options.db, options.now()),
  });
}

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
