import crypto from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RouteAccess } from '@portal/domain/access';
import type { AppConfig } from './platform/config';
import type { Database } from './platform/db';
import { registerErrorHandler } from './platform/errors';
import { loggerOptions, type LogStream } from './platform/logger';
import { registerSecurity } from './platform/security';
import { inlineScriptHashes, registerCompression, registerWeb } from './platform/web';
import { registerXsrf } from './platform/xsrf';
import { checkJsonText, registerInputGuard } from './platform/input-guard';
import { registerSchemas } from './platform/schema';
import { registerRateLimits, scaledLimits, type LimitName, type LimitRule } from './platform/rate-limits';
import { registerAuthHook } from './modules/auth/auth.hook';
import {
  API_KEY_REQUESTS_PER_MINUTE,
  createApiKeyAuthenticator,
  registerApiKeyLimit,
} from './modules/auth/api-keys';
import { apiKeyRoutes } from './modules/auth/api-keys.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createPasswordHasher } from './modules/users/password';
import { createPlatformAuthenticator } from './modules/platform-admin/platform-sessions';
import { siteRoutes } from './modules/site/site.routes';
import type { RatesFeed } from './modules/exchange-rates/index';
import { createSimulatedRatesFeed } from './simulation/rates-feed';
import { registerBackOffice } from './back-office';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { ledgerOrdersOf } from './modules/wallet/ledger-orders';
import { flightLedgerOrders } from './modules/flight-orders/ledger-orders';
import { groupLedgerOrders } from './modules/group-orders/ledger-orders';
import { trainLedgerOrders } from './modules/train-orders/ledger-orders';
import { passengersRoutes } from './modules/passengers/passengers.routes';
import type { OcrPoolOptions } from './modules/passengers/ocr-pool';
import { SearchRunner } from './modules/shopping/search-runner';
import { SolutionsCache } from './modules/shopping/solutions-cache';
import { shoppingRoutes } from './modules/shopping/shopping.routes';
import type { SupplierRegistry } from './modules/shopping/suppliers/registry';
import { railRoutes } from './modules/rail/rail.routes';
import { trainOrderRoutes } from './modules/train-orders/train-orders.routes';
import { trainOrderJobHandlers } from './modules/train-orders/train-order-jobs';
import { flightOrderRoutes } from './modules/flight-orders/flight-orders.routes';
import { clientQuotesRoutes } from './modules/documents/client-quotes.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { emailAttachments } from './modules/documents/email-attachments';
import { watchOrderListChanges } from './modules/flight-orders/order-list-changes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { createPayableRegistry } from './modules/payments/payable';
import type { PaymentGateways } from './modules/payments/gateway';
import { lateCaptureJobHandlers } from './modules/payments/late-captures';
import { providerRefundJobHandlers } from './modules/payments/provider-refunds';
import { flightPaymentRoutes } from './modules/flight-orders/flight-payment.routes';
import {
  flightCapturable,
  flightPayable,
  originFlightPayment,
  withOnPaid,
  type OnPaidHooks,
} from './modules/flight-orders/flight-payable';
import { changeFlightPayment } from './modules/flight-orders/after-sales/change-payment';
import { ancillaryPayment } from './modules/flight-orders/after-sales/ancillary-purchase';
import { ancillaryJobHandlers } from './modules/flight-orders/after-sales/ancillary-jobs';
import { orderJobHandlers } from './modules/flight-orders/order-jobs';
import { afterSalesRoutes } from './modules/flight-orders/after-sales/after-sales.routes';
import { afterSalesJobHandlers } from './modules/flight-orders/after-sales/after-sales-jobs';
import { runDueJobs } from './platform/jobs';
import { createLocalFileStorage } from './platform/files';
import { documentRoutes } from './modules/flight-orders/after-sales/documents.routes';
import { groupPassengerListRoutes } from './modules/group-orders/passenger-list/passenger-list.routes';
import { changeRoutes } from './modules/flight-orders/after-sales/change.routes';
import { changeJobHandlers } from './modules/flight-orders/after-sales/change-jobs';
import { disruptionRoutes } from './modules/flight-orders/after-sales/disruptions.routes';
import {
  disruptionJobHandlers,
  queueDisruptionScan,
} from './modules/flight-orders/after-sales/disruption-jobs';
import { voyageRoutes } from './modules/booking-records/voyages.routes';
import { registerIdempotency } from './platform/idempotency';
import { notificationJobHandlers } from './modules/notifications/delivery';
import { createMailer, outboxDir } from './modules/notifications/mailer';
import { applicationsRoutes } from './modules/applications/index';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { usersRoutes } from './modules/users/users.routes';
import { lockAgencyRow } from './modules/agencies/agencies.repo';
import { revokeUserSessions } from './modules/auth/auth.repo';
import { registerUserLogHook } from './modules/users/user-log.hook';
import { userLogRoutes } from './modules/users/user-log.routes';
import { describeUserLogTarget } from './user-log-targets';
import { companyRoutes } from './modules/company/company.routes';
import { subAgencyRoutes } from './modules/sub-agencies/sub-agencies.routes';
import { agencySettingsRoutes } from './modules/agency-settings/agency-settings.routes';
import { agenciesRoutes } from './modules/sub-agencies/manage-agencies.routes';
import { registerAgencyFrameAncestors } from './modules/agencies/frame-ancestors';
import { registerTemporaryPasswordHook } from './modules/auth/temporary-password.hook';
import { groupOrderRoutes } from './modules/group-orders/group-orders.routes';
import { groupInstalmentCapturable } from './modules/group-orders/instalment-gateway-payment';
import { groupJobHandlers } from './modules/group-orders/group-jobs';
import type { GroupDeskRegistry } from './modules/group-orders/group-desk';
import {
  configuredFlightSuppliers,
  configuredGroupDesks,
  configuredPaymentGateways,
  configuredRailSuppliers,
  registerSimulatedCheckout,
  registerTestHooks,
} from './simulation/wire';
import { configuredAdapterFlightSuppliers, registerAdapterRoutes } from './adapters/wire';
import { configuredPaymentProviders, registerProviderWebhooks } from './adapters/wire';

/** A registered route (`public`: callable without a session). */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  /** The route's `config.access` (undefined outside the API: static files). */
  access: RouteAccess | undefined;
  /** The parts the route declares in its `schema` option (a route coverage test reads them). */
  declares: {
    params: boolean;
    querystring: boolean;
    body: boolean;
    response: boolean;
    hidden: boolean;
    multipart: boolean;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in order (tests check coverage against it). */
    routeTable: readonly RouteEntry[];
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** A clock for tests. */
  now?: () => Date;
  /** Per-user and per-agency request limits other than the defaults (tests). */
  limits?: Partial<Record<LimitName, LimitRule>>;
  /** The passport reader pool's size, queue, time and readers other than the defaults (tests). */
  ocr?: Partial<OcrPoolOptions>;
  /** Flight suppliers; default: the simulated ones with SIMULATED_SUPPLIERS, else none. */
  suppliers?: SupplierRegistry;
  /** Outside payment providers; default: the simulated ones with SIMULATED_PAYMENTS, else none. */
  gateways?: PaymentGateways;
  /** What happens once a flight order of a type is paid, other than the defaults (tests). */
  paymentHooks?: OnPaidHooks;
  /** Group desks; default: the simulated one with SIMULATED_SUPPLIERS, else none. */
  groupDesks?: GroupDeskRegistry;
  /** The exchange rates feed; default: the simulated one in demo mode, else none. */
  ratesFeed?: RatesFeed;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
}

/** Builds the Fastify app (not listening). Tests use `app.inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const schema = route.schema ?? {};
      routeTable.push({
        method,
        url: route.url,
        public: route.config?.access === 'public',
        access: route.config?.access,
        declares: {
          params: schema.params !== undefined,
          querystring: schema.querystring !== undefined,
          body: schema.body !== undefined,
          response: schema.response !== undefined,
          hidden: schema.hide === true,
          multipart: Array.isArray(schema.consumes) && schema.consumes.includes('multipart/form-data'),
        },
      });
    }
  });

  // An empty JSON body (e.g. DELETE with a JSON content type) is "no body", not an error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      checkJsonText(text);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    defaultJson(request, text, done);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSchemas(app);
  registerInputGuard(app);
  await app.register(fastifyCookie);
  registerSecurity(app, config.frameAncestors, inlineScriptHashes(config.webDist));
  await registerCompression(app);
  registerXsrf(app);

  const auth = createAuthService({
    db: database.db,
    hasher: createPasswordHasher(config.fastPasswordHashing),
    policy: { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours },
    partnerSsoSecret: config.partnerSsoSecret,
    sessionCacheMs: config.sessionCacheMs,
    loginLimit: { accountMax: config.loginRateLimitMax, addressMax: config.loginIpRateLimitMax },
    now: options.now,
  });
  const now = options.now ?? (() => new Date());
  // The platform back office's sessions: its own table and tokens, checked by the same hook.
  registerAuthHook(
    app,
    auth,
    createApiKeyAuthenticator(database.db),
    createPlatformAuthenticator(database.db, now),
  );
  registerApiKeyLimit(app, Math.round(API_KEY_REQUESTS_PER_MINUTE * config.requestLimitScale));
  registerTemporaryPasswordHook(app);
  registerAgencyFrameAncestors(app, database.db);
  registerUserLogHook(app, database.db, describeUserLogTarget);
  registerRateLimits(app, { ...scaledLimits(config.requestLimitScale), ...options.limits });
  registerIdempotency(app, { staleSeconds: config.idempotencyStaleSeconds });
  // Before the routes: its write hook must see every route's writes.
  const orderListCache = await watchOrderListChanges(app, database, config.orderListCacheMs);

  await app.register(authRoutes, { auth });
  const siteImages = createLocalFileStorage(path.join(config.dataDir, 'site-images'));
  await app.register(siteRoutes, { database, images: siteImages });
  // The wallet lists name the orders of its entries through each order kind (ports, see ledger-orders.ts).
  const ledgerOrders = ledgerOrdersOf([flightLedgerOrders, groupLedgerOrders, trainLedgerOrders]);
  await app.register(walletRoutes, { database, ledgerOrders });
  await app.register(passengersRoutes, { database, config, now: options.now, ocr: options.ocr });

  const registry =
    options.suppliers ??
    (await configuredFlightSuppliers(config, configuredAdapterFlightSuppliers(config, app.log)));
  const runner = new SearchRunner();
  app.addHook('onClose', () => runner.close());
  const shoppingDeps = { db: database.db, registry, now, runner, cache: new SolutionsCache() };
  await app.register(applicationsRoutes, {
    deps: { db: database.db, now, salesEmail: config.salesEmail },
  });
  await app.register(shoppingRoutes, { deps: shoppingDeps });
  const railRegistry = configuredRailSuppliers(config);
  await app.register(railRoutes, { db: database.db, now, registry: railRegistry });
  const trainDeps = { db: database.db, rail: railRegistry, now, timeScale: config.timeScale };
  // The platform's back office (back-office.ts); a rates feed in demo mode only.
  await registerBackOffice(app, {
    config,
    database,
    now,
    forgetUser: auth.forgetUser,
    siteImages,
    ratesFeed: options.ratesFeed ?? (config.demo ? createSimulatedRatesFeed({ now }) : undefined),
    flightSuppliers: registry,
    railSuppliers: railRegistry,
  });
  await app.register(trainOrderRoutes, { deps: trainDeps });
  const orderDeps = {
    ...shoppingDeps,
    timeScale: config.timeScale,
  };
  await app.register(flightOrderRoutes, {
    deps: orderDeps,
    listCache: orderListCache,
    textSearchesAtOnce: config.orderTextSearchesAtOnce,
  });
  const gateways =
    options.gateways ?? configuredPaymentGateways(config, configuredPaymentProviders(config, now));
  // The one payment path: each order kind's payable (its checks and posting recipe), registered
  // here for the captures the payment routes settle; payments imports no order module.
  const flightRecipes = withOnPaid(
    {
      origin: originFlightPayment(orderDeps),
      change: changeFlightPayment(orderDeps),
      ancillary: ancillaryPayment(),
    },
    options.paymentHooks,
  );
  const payables = createPayableRegistry();
  payables.register('flight', flightCapturable(flightRecipes));
  payables.register('group-instalment', groupInstalmentCapturable);
  await app.register(paymentRoutes, { db: database.db, now, gateways, payables });
  await app.register(flightPaymentRoutes, {
    deps: orderDeps,
    gateways,
    payable: flightPayable(flightRecipes),
  });
  await registerSimulatedCheckout(app, { db: database.db, gateways, now });
  await registerAdapterRoutes(app, { config, db: database.db, now });
  await registerProviderWebhooks(app, { db: database.db, gateways, payables, now });
  await app.register(afterSalesRoutes, { deps: orderDeps });
  await app.register(disruptionRoutes, { deps: orderDeps });
  await app.register(changeRoutes, { deps: orderDeps });
  const groupDesks = configuredGroupDesks(config);
  const groupDeps = {
    db: database.db,
    now,
    timeScale: config.timeScale,
    desks: options.groupDesks ?? groupDesks.registry,
    gateways,
  };
  await app.register(groupOrderRoutes, { deps: groupDeps });
  await app.register(documentRoutes, {
    deps: {
      db: database.db,
      storage: createLocalFileStorage(path.join(config.dataDir, 'documents')),
      now,
      timeScale: config.timeScale,
    },
  });
  await app.register(groupPassengerListRoutes, { deps: { db: database.db, now } });
  await app.register(voyageRoutes, { db: database.db, now });
  await app.register(notificationRoutes, { db: database.db, now });
  await app.register(usersRoutes, {
    deps: {
      db: database.db,
      hasher: createPasswordHasher(config.fastPasswordHashing),
      lockAgency: lockAgencyRow,
      revokeSessions: revokeUserSessions,
      forgetUser: auth.forgetUser,
    },
  });
  await app.register(userLogRoutes, { db: database.db });
  await app.register(companyRoutes, { db: database.db });
  await app.register(apiKeyRoutes, { db: database.db, now });
  await app.register(subAgencyRoutes, { db: database.db, ledgerOrders });
  await app.register(agencySettingsRoutes, {
    db: database.db,
    // Notification URLs: https only outside the demo; private targets as WEBHOOK_ALLOW_PRIVATE says.
    webhookTargets: { allowHttp: config.demo, allowPrivate: config.webhookAllowPrivate },
  });
  const logos = createLocalFileStorage(path.join(config.dataDir, 'logos'));
  const documentDeps = { db: database.db, logos, now };
  await app.register(documentsRoutes, { deps: documentDeps });
  await app.register(clientQuotesRoutes, { deps: documentDeps });
  await app.register(agenciesRoutes, {
    deps: {
      db: database.db,
      hasher: createPasswordHasher(config.fastPasswordHashing),
      storage: logos,
      forgetUser: auth.forgetUser,
    },
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: outboxDir(config.dataDir),
    from: config.mailFrom,
  });
  app.addHook('onClose', () => mailer.close());
  const jobHandlers = {
    ...orderJobHandlers(orderDeps),
    ...afterSalesJobHandlers(orderDeps),
    ...ancillaryJobHandlers(orderDeps),
    ...lateCaptureJobHandlers(gateways, app.log),
    ...providerRefundJobHandlers(gateways, app.log),
    ...disruptionJobHandlers(orderDeps),
    ...changeJobHandlers(orderDeps),
    ...trainOrderJobHandlers(trainDeps),
    ...groupJobHandlers(groupDeps),
    ...notificationJobHandlers({
      mailer,
      allowPrivateWebhooks: config.webhookAllowPrivate,
      timeScale: config.timeScale,
      attachments: emailAttachments(documentDeps),
    }),
  };
  app.decorate('runDueJobs', (at?: Date) =>
    runDueJobs(database.db, jobHandlers, at ?? now(), { log: app.log }),
  );
  if (config.enableTestHooks) {
    await registerTestHooks(app, {
      registry,
      orderDeps,
      rail: railRegistry,
      groupDesk: groupDesks.simulated,
    });
  }
  // A listening server asks the suppliers for schedule events periodically (tests run scans themselves).
  app.addHook('onListen', async () => queueDisruptionScan(database.db, now()));
  await registerWeb(app, { webDist: config.webDist });
  return app;
}
