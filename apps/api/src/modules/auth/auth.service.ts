import type {
  ConfigKey,
  LoginResult,
  MeResult,
  SingleLoginBody,
  UpdateMeBody,
  UserConfig,
} from '@portal/domain/auth';
import { isValidUsername, PARTNER_AGENCY_ID } from '@portal/domain/limits';
import type { Db } from '../../platform/db';
import type { UserLogAction } from '@portal/domain/user-log';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { canSignIn, presentUser } from '../users/index';
import { findUserById, setConfigValue, updatePasswordHash, updateProfile } from '../users/index';
import { recordUserAction } from '../users/index';
import { createLoginLimiter, limitedError, type LoginLimitRule } from './login-limit';
import {
  claimSsoNonce,
  findUserByOutUserId,
  findUserByUsername,
  insertUserLog,
  revokeOtherSessions,
  revokeSession,
  type UserWithAgency,
} from './auth.repo';
import type { PasswordHasher } from '../users/index';
import { createSessionResolver, presentMe, startSession, type SessionPolicy } from './session';
import { checkSingleLogin } from './sso';

export interface AuthDeps {
  db: Db;
  hasher: PasswordHasher;
  policy: SessionPolicy;
  partnerSsoSecret: string;
  now?: () => Date;
  /** How long a resolved session is reused (`SESSION_CACHE_MS` unless given; 0 turns it off). */
  sessionCacheMs?: number;
  /** The failures of password checks allowed per account and per address (see `login-limit.ts`). */
  loginLimit: LoginLimitRule;
}

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, hasher, policy } = deps;
  const now = deps.now ?? (() => new Date());
  const sessions = createSessionResolver(db, policy, deps.sessionCacheMs);
  const limiter = createLoginLimiter(db, deps.loginLimit, now);

  function log(tx: Db, userId: number, agencyId: number, action: UserLogAction, client: Client) {
    return insertUserLog(tx, { userId, agencyId, action, ip: client.ip, userAgent: client.userAgent });
  }

  /**
   * Records a refused login (`login_failed`, the code as outcome) and returns the error to throw.
   * An unknown username is recorded with no user and no agency: no agency's log lists it.
   */
  async function refuseLogin(
    name: 'USERNAME_FORMAT' | 'INVALID_CREDENTIALS' | 'USER_DISABLED' | 'AGENCY_SUSPENDED',
    username: string,
    found: UserWithAgency | undefined,
    client: Client,
  ): Promise<AppError> {
    const error = new AppError(name);
    await recordUserAction(db, {
      action: 'login_failed',
      userId: found?.user.id ?? null,
      agencyId: found?.agency.id ?? null,
      username: found?.user.username ?? username,
      outcome: 'refused',
      code: error.def.code,
      ip: client.ip,
      userAgent: client.userAgent,
    }).catch(() => undefined); // the refusal stands even when the log write fails
    return error;
  }

  /** Checks the password and starts a session: the refusals are recorded in the user log. */
  async function checkAndSignIn(username: string, password: string, client: Client): Promise<LoginResult> {
    const found = await findUserByUsername(db, username);
    if (!found) {
      await hasher.verifyDummy(password);
      throw await refuseLogin('INVALID_CREDENTIALS', username, undefined, client);
    }
    if (!(await hasher.verify(found.user.passwordHash, password)))
      throw await refuseLogin('INVALID_CREDENTIALS', username, found, client);
    if (!canSignIn(found.user)) throw await refuseLogin('USER_DISABLED', username, found, client);
    if (found.agency.suspendedAt) throw await refuseLogin('AGENCY_SUSPENDED', username, found, client);
    const { user, agency } = found;
    const { token } = await db.transaction(async (tx) => {
      const started = await startSession(tx, policy, user.id, 'password', now());
      await log(tx, user.id, agency.id, 'login', client);
      return started;
    });
    return { token, ...presentMe(user, agency) };
  }

  return {
    /**
     * POST /base/v2/login. Same error (and similar time) for an unknown user and a wrong password.
     * Only well-formed usernames reach the password check, and each check passes the login
     * limits first (429 with the wait); a login that succeeds gives its count back.
     */
    async login(username: string, password: string, client: Client): Promise<LoginResult> {
      if (!isValidUsername(username)) throw await refuseLogin('USERNAME_FORMAT', username, undefined, client);
      const address = client.ip ?? '';
      const refusal = await limiter.beginLogin(address, username);
      if (refusal) throw limitedError(refusal);
      const result = await checkAndSignIn(username, password, client);
      await limiter.loginSucceeded(address, username);
      return result;
    },

    /** POST /base/v2/single-login: the partner agency's HMAC-signed, single-use login. */
    async singleLogin(body: SingleLoginBody, client: Client): Promise<LoginResult> {
      checkSingleLogin(deps.partnerSsoSecret, body, now());
      const found = await findUserByOutUserId(db, PARTNER_AGENCY_ID, body.userid);
      if (!found) throw new AppError('SSO_INVALID');
      if (!canSignIn(found.user)) throw new AppError('USER_DISABLED');
      if (found.agency.suspendedAt) throw new AppError('AGENCY_SUSPENDED');
      const { user, agency } = found;
      const { token } = await db.transaction(async (tx) => {
        if (!(await claimSsoNonce(tx, body.code))) throw new AppError('SSO_REPLAYED');
        const started = await startSession(tx, policy, user.id, 'sso', now());
        await log(tx, user.id, agency.id, 'sso_login', client);
        return started;
      });
      return { token, ...presentMe(user, agency) };
    },

    authenticate: (token: string) => sessions.authenticate(token, now()),

    /** Drops the user's cached sessions: call it after disabling the user or changing their rows. */
    forgetUser: (userId: number) => sessions.forgetUser(userId),

    me: (ctx: RequestContext): MeResult => presentMe(ctx.user, ctx.agency),

    async updateMe(ctx: RequestContext, changes: UpdateMeBody): Promise<MeResult> {
      const user = await updateProfile(db, ctx.user.id, changes);
      sessions.forgetUser(ctx.user.id);
      if (!user) throw new AppError('NOT_FOUND');
      return presentMe(user, ctx.agency);
    },

    /**
     * Changes the password and ends every other session of the user (they get 200006). Wrong
     * current passwords are limited per user as failed logins are per account (429 with the wait).
     */
    async changePassword(ctx: RequestContext, oldPassword: string, newPassword: string, client: Client) {
      const refusal = await limiter.beginPasswordCheck(ctx.user.id);
      if (refusal) throw limitedError(refusal);
      const user = await findUserById(db, ctx.user.id);
      if (!user || !(await hasher.verify(user.passwordHash, oldPassword))) {
        throw new AppError('OLD_PASSWORD_WRONG');
      }
      await limiter.passwordCheckSucceeded(user.id);
      const passwordHash = await hasher.hash(newPassword);
      await db.transaction(async (tx) => {
        await updatePasswordHash(tx, user.id, passwordHash);
        await revokeOtherSessions(tx, user.id, ctx.sessionId, 'password_changed');
        await log(tx, user.id, ctx.agency.id, 'password_change', client);
      });
      sessions.forgetUser(user.id);
      return {};
    },

    async setConfig(ctx: RequestContext, key: ConfigKey, value: unknown): Promise<UserConfig> {
      const user = await setConfigValue(db, ctx.user.id, key, value);
      sessions.forgetUser(ctx.user.id);
      if (!user) throw new AppError('NOT_FOUND');
      return presentUser(user).config;
    },

    /** DELETE /base/v2/me: ends the current session. */
    async logout(ctx: RequestContext, client: Client) {
      await db.transaction(async (tx) => {
        await revokeSession(tx, ctx.sessionId, 'logout');
        await log(tx, ctx.user.id, ctx.agency.id, 'logout', client);
      });
      sessions.forgetSession(ctx.sessionId);
      return {};
    },
  };
}
