import { sql } from 'drizzle-orm';
import type { PlatformPermission } from '@portal/domain/platform';
import type { Db } from '../platform/db';
import { createPlatformAdmin, PlatformAdminError } from '../modules/platform-admin/admins';
import { platformUsers } from '../modules/platform-admin/platform-admin.schema';
import type { PasswordHasher } from '../modules/users/password';

/** A platform admin of the demo, with credentials everyone can read (docs/platform.md). */
export interface DemoPlatformAdmin {
  username: string;
  password: string;
  /** Base32; add it to an authenticator app, or compute codes with otplib (the browser tests). */
  totpSecret: string;
  permissions: PlatformPermission[];
  description: string;
}

/**
 * Two admins, so that the demo can show four-eyes approvals (one requests, the other approves).
 * Public values: seeded only in demo mode (`PORTAL_DEMO=true`), never anywhere else.
 */
export const DEMO_PLATFORM_ADMINS: readonly DemoPlatformAdmin[] = [
  {
    username: 'platform.finance',
    password: 'platform-demo-1',
    totpSecret: 'DEMOFINANCEPLATFORMTOTPSECRET234',
    permissions: ['platform:finance', 'platform:support'],
    description: 'platform admin (finance and support): requests funding and credit',
  },
  {
    username: 'platform.approver',
    password: 'platform-demo-2',
    totpSecret: 'DEMOAPPROVERPLATFORMTOTPSECRET23',
    permissions: ['platform:finance', 'platform:support'],
    description: 'second platform admin (finance and support): approves what the other requests',
  },
];

/**
 * The demo's platform admins, only in demo mode and only into a database without platform admins
 * (the operator's own, made with `npm run platform -- create-admin`, are never joined by these).
 * Returns true when it seeded.
 */
export async function seedDemoPlatformAdmins(
  db: Db,
  config: { demo: boolean },
  hasher: PasswordHasher,
): Promise<boolean> {
  if (!config.demo) return false;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(platformUsers);
  if (existing !== undefined && existing.n > 0) return false;
  for (const admin of DEMO_PLATFORM_ADMINS) {
    try {
      await createPlatformAdmin(db, hasher, { ...admin, note: 'demo seed' });
    } catch (error) {
      // Another instance starting on the same database seeded it first.
      if (!(error instanceof PlatformAdminError)) throw error;
    }
  }
  return true;
}
