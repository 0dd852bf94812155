import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './platform/config';
import type { Database } from './platform/db';
import type { FileStorage } from './platform/files';
import type { RatesFeed } from './modules/exchange-rates/index';
import { platformAdminRoutes } from './modules/platform-admin/platform-admin.routes';
import { createPlatformSignIn } from './modules/platform-admin/sign-in';
import { platformAgenciesRoutes } from './modules/platform-agencies/index';
import { platformFundingRoutes } from './modules/platform-funding/platform-funding.routes';
import { platformSuppliersRoutes, type NamedSuppliers } from './modules/platform-suppliers/index';
import { platformRatesRoutes } from './modules/site/platform-rates.routes';
import { platformSiteRoutes } from './modules/site/platform-site.routes';
import { createPasswordHasher } from './modules/users/password';

/** What the platform's back office needs from the composition root (`app.ts`). */
export interface BackOfficeDeps {
  config: AppConfig;
  database: Database;
  now: () => Date;
  /** Drops a user's cached sessions (the auth service's), after a conversion makes its super admin. */
  forgetUser: (userId: number) => void;
  /** Where the site config's logos and favicon are kept (the public site routes serve them). */
  siteImages: FileStorage;
  /** The exchange rates feed, if any (the simulated one in demo mode). */
  ratesFeed: RatesFeed | undefined;
  flightSuppliers: NamedSuppliers;
  railSuppliers: NamedSuppliers;
}

/**
 * The routes of the platform's back office under `/platform/v2/` (docs/platform.md): sign-in and
 * audit, applications and top-level agencies, four-eyes funding and credit, exchange rates, site
 * config and the suppliers of each top-level agency. The authentication hook (registered by
 * `app.ts` with the platform authenticator) keeps them apart from the agency routes.
 */
export async function registerBackOffice(app: FastifyInstance, deps: BackOfficeDeps): Promise<void> {
  const { config, database, now } = deps;
  const db = database.db;
  const hasher = createPasswordHasher(config.fastPasswordHashing);
  const signIn = createPlatformSignIn({
    db,
    hasher,
    now,
    loginLimit: { accountMax: config.loginRateLimitMax, addressMax: config.loginIpRateLimitMax },
  });
  await app.register(platformAdminRoutes, { db, signIn, now });
  await app.register(platformAgenciesRoutes, {
    deps: {
      db,
      hasher,
      now,
      forgetUser: deps.forgetUser,
      log: (error) => app.log.error({ err: error }, 'credentials e-mail not queued'),
    },
  });
  await app.register(platformFundingRoutes, { db });
  await app.register(platformRatesRoutes, { db, now, feed: deps.ratesFeed });
  await app.register(platformSiteRoutes, { db, now, images: deps.siteImages });
  await app.register(platformSuppliersRoutes, {
    deps: { db, now, flight: deps.flightSuppliers, rail: deps.railSuppliers },
  });
}
