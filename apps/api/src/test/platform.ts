import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformPermission } from '@portal/domain/platform';
import { createPlatformAdmin } from '../modules/platform-admin/admins';
import { platformUsers } from '../modules/platform-admin/platform-admin.schema';
import { totpCode } from '../modules/platform-admin/totp';
import { createPasswordHasher } from '../modules/users/password';
import { body, databaseOf } from './app';

/** The tests' password hasher (cheap argon2id parameters). */
export const testPasswordHasher = createPasswordHasher(true);
const hasher = testPasswordHasher;

/** A platform admin created for a test, with the credentials a sign-in needs. */
export interface TestPlatformAdmin {
  id: number;
  username: string;
  password: string;
  totpSecret: string;
}

/** Creates an active platform admin in the app's database (generated password and TOTP secret). */
export async function createTestPlatformAdmin(
  app: FastifyInstance,
  input: { username: string; permissions?: PlatformPermission[] },
): Promise<TestPlatformAdmin> {
  const created = await createPlatformAdmin(databaseOf(app).db, hasher, {
    username: input.username,
    permissions: input.permissions ?? [],
  });
  return {
    id: created.id,
    username: created.username,
    password: created.password,
    totpSecret: created.totpSecret,
  };
}

/**
 * Signs `admin` in with the code of `at` (the app's clock; default now) and answers the token.
 * The admin's last used code is forgotten first, so a test may sign one admin in several times
 * within one 30-second step (the replay refusal has its own test in `platform-admin/`).
 */
export async function platformLogin(
  app: FastifyInstance,
  admin: TestPlatformAdmin,
  at: Date = new Date(),
): Promise<string> {
  await databaseOf(app)
    .db.update(platformUsers)
    .set({ totpLastStep: null })
    .where(eq(platformUsers.id, admin.id));
  const res = await app.inject({
    method: 'POST',
    url: '/platform/v2/login',
    payload: {
      username: admin.username,
      password: admin.password,
      code: await totpCode(admin.totpSecret, at),
    },
  });
  if (res.statusCode !== 200) throw new Error(`platform login failed: ${res.body}`);
  return body<{ token: string }>(res).data.token;
}

/** The headers of a platform call with `token`. */
export const platformHeaders = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
});
