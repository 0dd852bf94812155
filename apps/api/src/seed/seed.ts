import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { agencies } from '../modules/agencies/agencies.schema';
import { exchangeRateHistory, exchangeRates } from '../modules/exchange-rates/exchange-rates.schema';
import { siteSettings } from '../modules/site/site.schema';
import { users } from '../modules/users/users.schema';
import { lockSetupInTransaction } from '../platform/db/setup-lock';
import { SITE_CONFIG_KEY } from '../modules/site/site.repo';
import { seedDemoWallets } from '../modules/wallet/wallet.seed';
import { DEMO_AGENCIES, DEMO_PASSWORD, DEMO_RATES, DEMO_SITE_CONFIG, DEMO_USERS } from './demo-data';
import { historyStart, seedBusiness } from './business';

/** Site settings and exchange rates: needed by every installation; inserted when missing. */
export async function seedBaseData(db: Db): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: SITE_CONFIG_KEY, value: { ...DEMO_SITE_CONFIG } })
    .onConflictDoNothing();
  const inserted = await db
    .insert(exchangeRates)
    .values(Object.entries(DEMO_RATES).map(([currency, rate]) => ({ currency, rate, base: 'CNY' })))
    .onConflictDoNothing()
    .returning();
  // The history starts with the seeded rates (the platform's rates screen lists every change).
  if (inserted.length > 0) {
    await db.insert(exchangeRateHistory).values(
      inserted.map((r) => ({
        currency: r.currency,
        rate: r.rate,
        source: 'seed' as const,
        event: 'seed' as const,
        feedRate: r.rate,
      })),
    );
  }
}

async function hasAgencies(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(agencies);
  return existing !== undefined && existing.n > 0;
}

export interface SeedDemoOptions {
  /**
   * Also a quarter of business ending at `now` (`seedBusiness`): what the demo server seeds. Tests
   * leave it out; their assertions count the plain demo data.
   */
  business?: { now: Date };
}

/**
 * Demo agencies, users (all with password demo1234) and their wallets, in one transaction; with
 * `options.business`, the quarter of business too (its wallet entries then start a quarter ago).
 * Idempotent: does nothing when agencies exist. Instances seeding one empty database at the same
 * moment take the setup lock in turn; the first seeds, the others find it done. `hashPassword` is
 * called once, before the transaction: argon2id is slow on purpose.
 * Returns true when it seeded.
 */
export async function seedDemo(
  db: Db,
  hashPassword: (password: string) => Promise<string>,
  options: SeedDemoOptions = {},
): Promise<boolean> {
  if (await hasAgencies(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(lockSetupInTransaction);
    if (await hasAgencies(tx)) return false;
    await tx.insert(agencies).values(DEMO_AGENCIES);
    await tx.insert(users).values(
      DEMO_USERS.map((u) => ({
        username: u.username,
        agencyId: u.agencyId,
        roles: u.roles,
        permissions: u.permissions,
        nickname: u.nickname,
        email: u.email,
        outUserId: u.outUserId ?? null,
        mobileAreaCode: '86',
        mobileNumber: null,
        passwordHash,
        config: { defaultRegion: '86', dateFormat: 'yyyy-MM-dd' },
      })),
    );
    const { business } = options;
    await seedDemoWallets(tx, business && historyStart(business.now));
    if (business) await seedBusiness(tx, { now: business.now, passwordHash });
    return true;
  });
}
