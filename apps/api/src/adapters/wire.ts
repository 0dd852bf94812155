/*
 * The real outside parties, wired by the composition root (`app.ts`) only when configured: today
 * the Duffel flight supplier (DUFFEL_ACCESS_TOKEN, DUFFEL_BASE_URL) and its webhook
 * (DUFFEL_WEBHOOK_SECRET). Modules define the ports and never import this folder.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../platform/config';
import type { Db } from '../platform/db';
import { scanSoon } from '../modules/flight-orders/index';
import type { FlightSupplier } from '../modules/shopping/index';
import { createDuffelSupplier } from './duffel/duffel-supplier';
import { duffelWebhookRoutes } from './duffel/webhook';

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
