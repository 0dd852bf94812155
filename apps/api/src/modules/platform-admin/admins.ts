import crypto from 'node:crypto';
import { PLATFORM_USERNAME_PATTERN, type PlatformPermission } from '@portal/domain/platform';
import type { Db } from '../../platform/db';
import type { PasswordHasher } from '../users/index';
import { insertPlatformAudit } from './platform-audit';
import { disableAdmin, findAdminByUsername, insertAdmin } from './platform-admin.repo';
import { newTotpSecret, totpUri } from './totp';

/** A new admin's credentials, shown once by the command that created them. */
export interface CreatedPlatformAdmin {
  id: number;
  username: string;
  permissions: PlatformPermission[];
  password: string;
  totpSecret: string;
  otpauthUri: string;
}

/** A generated password: 18 random bytes, base64url (24 characters). */
export function generatePlatformPassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}

/** Refusals of the admin commands, said to the operator at the terminal. */
export class PlatformAdminError extends Error {}

/**
 * Creates a platform admin (the `create-admin` command; tests; the demo seed with fixed
 * credentials). The password and TOTP secret are generated unless given; the row keeps only the
 * password's argon2id hash. Recorded in the platform audit log (no admin: the command line).
 */
export async function createPlatformAdmin(
  db: Db,
  hasher: PasswordHasher,
  input: {
    username: string;
    permissions: PlatformPermission[];
    password?: string;
    totpSecret?: string;
    /** How it was created, in the audit log (default: the command line). */
    note?: string;
  },
): Promise<CreatedPlatformAdmin> {
  const username = input.username.trim().toLowerCase();
  if (!PLATFORM_USERNAME_PATTERN.test(username)) {
    throw new PlatformAdminError(
      `"${input.username}" is not a platform user name: 3 to 32 lower-case letters, digits, dots, dashes, underscores`,
    );
  }
  if (await findAdminByUsername(db, username)) {
    throw new PlatformAdminError(`the platform admin "${username}" exists already`);
  }
  const password = input.password ?? generatePlatformPassword();
  const totpSecret = input.totpSecret ?? newTotpSecret();
  const permissions = [...new Set(input.permissions)].sort();
  const row = await db.transaction(async (tx) => {
    const created = await insertAdmin(tx, {
      username,
      passwordHash: await hasher.hash(password),
      totpSecret,
      permissions,
    });
    await insertPlatformAudit(
      tx,
      { adminId: null, requestId: null },
      {
        action: 'admin.create',
        targetType: 'platformAdmin',
        targetId: String(created.id),
        after: { username, permissions },
        note: input.note ?? 'command line',
      },
    );
    return created;
  });
  return {
    id: row.id,
    username,
    permissions,
    password,
    totpSecret,
    otpauthUri: totpUri(username, totpSecret),
  };
}

/** Disables a platform admin and ends their sessions (the `disable-admin` command). */
export async function disablePlatformAdmin(db: Db, username: string, at: Date): Promise<void> {
  const name = username.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const before = await disableAdmin(tx, name, at);
    if (!before) throw new PlatformAdminError(`no platform admin is named "${name}"`);
    await insertPlatformAudit(
      tx,
      { adminId: null, requestId: null, at },
      {
        action: 'admin.disable',
        targetType: 'platformAdmin',
        targetId: String(before.id),
        before: { username: before.username, status: before.status },
        after: { username: before.username, status: 'disabled' },
        note: 'command line',
      },
    );
  });
}
