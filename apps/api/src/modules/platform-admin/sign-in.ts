import type { PlatformLoginBody, PlatformLoginResult, PlatformMe } from '@portal/domain/platform-schemas';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { PlatformContext } from '../../platform/request-context';
import { createLoginLimiter, limitedError, type LoginLimitRule } from '../auth/index';
import type { PasswordHasher } from '../users/index';
import { insertPlatformAudit, recordPlatformAction } from './platform-audit';
import { claimTotpStep, findAdminByUsername, revokePlatformSession, sessionEnd } from './platform-admin.repo';
import type { PlatformUserRow } from './platform-admin.schema';
import { adminOf, startPlatformSession } from './platform-sessions';
import { acceptedStep } from './totp';

export interface PlatformSignInDeps {
  db: Db;
  hasher: PasswordHasher;
  now: () => Date;
  /** The agency login's limits, counted under `platform:<username>` for the account. */
  loginLimit: LoginLimitRule;
}

/** Who is signing in from where, for the limits and the audit log. */
export interface SignInClient {
  ip: string | null;
  requestId: string;
}

/** Why a sign-in was refused, in the audit log's note (never told to the client). */
type RefusalReason = 'unknown' | 'password' | 'disabled' | 'code' | 'codeUsed';

/** The account key of a platform admin in the shared login limits: never an agency user name. */
const limitKey = (username: string) => `platform:${username}`;

/** The platform sign-in and sign-out: password, TOTP code used once, limits, audit. */
export function createPlatformSignIn(deps: PlatformSignInDeps) {
  const { db, hasher, now } = deps;
  const limiter = createLoginLimiter(db, deps.loginLimit, now);

  async function refuse(
    client: SignInClient,
    username: string,
    admin: PlatformUserRow | undefined,
    reason: RefusalReason,
  ): Promise<AppError> {
    await insertPlatformAudit(
      db,
      { adminId: admin?.id ?? null, requestId: client.requestId, at: now() },
      {
        action: 'session.signInRefused',
        targetType: 'platformAdmin',
        targetId: admin ? String(admin.id) : null,
        after: { username: username.slice(0, 64), reason, ip: client.ip },
      },
    ).catch(() => undefined); // the refusal stands even when the audit write fails
    return new AppError('PLATFORM_SIGN_IN_FAILED');
  }

  /** The checks after the limits: one error for every refusal, each recorded with its reason. */
  async function check(body: PlatformLoginBody, client: SignInClient): Promise<PlatformUserRow> {
    const admin = await findAdminByUsername(db, body.username);
    if (!admin) {
      await hasher.verifyDummy(body.password);
      throw await refuse(client, body.username, undefined, 'unknown');
    }
    if (!(await hasher.verify(admin.passwordHash, body.password))) {
      throw await refuse(client, body.username, admin, 'password');
    }
    if (admin.status !== 'active') throw await refuse(client, body.username, admin, 'disabled');
    const step = await acceptedStep(admin.totpSecret, body.code, now(), admin.totpLastStep);
    if (step === null) {
      const reused = await acceptedStep(admin.totpSecret, body.code, now(), null);
      throw await refuse(client, body.username, admin, reused === null ? 'code' : 'codeUsed');
    }
    // Claimed under the row's condition: of two sign-ins with one code, only one gets through.
    if (!(await claimTotpStep(db, admin.id, step))) {
      throw await refuse(client, body.username, admin, 'codeUsed');
    }
    return admin;
  }

  return {
    /** POST /platform/v2/login. */
    async login(body: PlatformLoginBody, client: SignInClient): Promise<PlatformLoginResult> {
      const address = client.ip ?? '';
      const refusal = await limiter.beginLogin(address, limitKey(body.username));
      if (refusal) throw limitedError(refusal);
      const admin = await check(body, client);
      const at = now();
      const started = await db.transaction(async (tx) => {
        const session = await startPlatformSession(tx, admin.id, at);
        await insertPlatformAudit(
          tx,
          { adminId: admin.id, requestId: client.requestId, at },
          {
            action: 'session.signIn',
            targetType: 'platformSession',
            targetId: session.sessionId,
            after: { ip: client.ip },
          },
        );
        return session;
      });
      await limiter.loginSucceeded(address, limitKey(body.username));
      return { token: started.token, admin: adminOf(admin), expiresAt: started.expiresAt.toISOString() };
    },

    /** GET /platform/v2/me: the admin and the session's absolute end. */
    async me(ctx: PlatformContext): Promise<PlatformMe> {
      const expiresAt = await sessionEnd(db, ctx.sessionId);
      if (!expiresAt) throw new AppError('SESSION_EXPIRED');
      return { admin: ctx.admin, expiresAt: expiresAt.toISOString() };
    },

    /** DELETE /platform/v2/me: ends the current session. */
    async logout(ctx: PlatformContext): Promise<Record<string, never>> {
      await db.transaction(async (tx) => {
        await revokePlatformSession(tx, ctx.sessionId, 'logout', now());
        await recordPlatformAction(tx, ctx, {
          action: 'session.signOut',
          targetType: 'platformSession',
          targetId: ctx.sessionId,
        });
      });
      return {};
    },
  };
}

export type PlatformSignIn = ReturnType<typeof createPlatformSignIn>;
