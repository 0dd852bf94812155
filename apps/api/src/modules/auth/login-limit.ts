import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { loginFailures, type FailureScope, type LoginFailureRow } from './login-limit.schema';

/** The window of an address's failure budget. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** The longest an account waits between two checks of its password. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** An account's failures are forgotten a day after its last one (and rows unused that long swept). */
const MEMORY_MS = 24 * 60 * 60_000;
/** How often one instance sweeps forgotten rows. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** The figures of the login limits (`LOGIN_RATE_LIMIT_MAX`, `LOGIN_IP_RATE_LIMIT_MAX`). */
export interface LoginLimitRule {
  /** Failures of one account, from any address, after which each further check waits. */
  accountMax: number;
  /** Failures from one address in its window after which the usernames that failed there are refused there. */
  addressMax: number;
}

/** Why an attempt is not checked, and for how many seconds. */
export interface LimitRefusal {
  scope: 'account' | 'address';
  seconds: number;
}

/** The wait after the `failures`-th failure: none below `max`, then 2, 4, 8 … s up to the cap. */
export function delaySeconds(failures: number, max: number): number | null {
  if (failures < max) return null;
  return Math.min(2 ** Math.min(failures - max + 1, 30), MAX_DELAY_SECONDS);
}

/** 429 with the wait in the user's language; the error handler answers it as `Retry-After` too. */
export function limitedError(refusal: LimitRefusal): AppError {
  const name = refusal.scope === 'account' ? 'ACCOUNT_RATE_LIMITED' : 'LOGIN_IP_RATE_LIMITED';
  return new AppError(name, { seconds: refusal.seconds }, { retryAfterSeconds: refusal.seconds });
}

/** The username as counted: trimmed and lower-cased, as logins match it. */
const accountKey = (username: string) => username.trim().toLowerCase();

const secondsUntil = (until: number, at: number) => Math.max(1, Math.ceil((until - at) / 1000));

interface Key {
  scope: FailureScope;
  key: string;
}

/**
 * Creates the rows of `keys` that do not exist and locks them all, in one statement and always in
 * the same order (no deadlock between instances); answers them by scope.
 */
async function lockRows(tx: Db, keys: Key[], at: Date): Promise<Map<FailureScope, LoginFailureRow>> {
  const sorted = [...keys].sort((a, b) =>
    a.scope === b.scope ? (a.key < b.key ? -1 : 1) : a.scope < b.scope ? -1 : 1,
  );
  const rows = await tx
    .insert(loginFailures)
    .values(sorted.map((k) => ({ ...k, windowStartedAt: at, lastFailedAt: at })))
    .onConflictDoUpdate({
      target: [loginFailures.scope, loginFailures.key],
      set: { failures: sql`${loginFailures.failures}` },
    })
    .returning();
  return new Map(rows.map((row) => [row.scope, row]));
}

function save(tx: Db, row: LoginFailureRow) {
  return tx
    .update(loginFailures)
    .set({
      failures: row.failures,
      windowStartedAt: row.windowStartedAt,
      lastFailedAt: row.lastFailedAt,
      blockedUntil: row.blockedUntil,
    })
    .where(and(eq(loginFailures.scope, row.scope), eq(loginFailures.key, row.key)));
}

/** A delayed scope (account, password) as it stands at `at`: a day without failures forgets it. */
function delayed(row: LoginFailureRow, at: Date): LoginFailureRow {
  if (at.getTime() - row.lastFailedAt.getTime() < MEMORY_MS) return row;
  return { ...row, failures: 0, blockedUntil: null };
}

/** Counts one more failure of a delayed scope, with the wait it brings. */
function fail(row: LoginFailureRow, at: Date, max: number): LoginFailureRow {
  const failures = row.failures + 1;
  const delay = delaySeconds(failures, max);
  return {
    ...row,
    failures,
    lastFailedAt: at,
    blockedUntil: delay === null ? null : new Date(at.getTime() + delay * 1000),
  };
}

/** The seconds a delayed scope must still wait, or undefined when it may be checked now. */
function waiting(row: LoginFailureRow, at: Date): number | undefined {
  const until = row.blockedUntil?.getTime();
  return until !== undefined && until > at.getTime() ? secondsUntil(until, at.getTime()) : undefined;
}

/**
 * Login and password-change limits, kept in the database (`login_failures`) so that they hold
 * across API instances. Only failures count: every check is counted as a failure when it starts
 * (under the rows' locks, so parallel guesses cannot slip past before their outcome is known) and
 * given back when the password was right.
 *
 * The rules:
 * - Per account (the username, from every address together): after `accountMax` failures each
 *   further check waits 2, 4, 8 … seconds (at most 15 minutes) after the last failure; earlier
 *   attempts are refused (429 ACCOUNT_RATE_LIMITED) without looking at the password. A successful
 *   login clears the account; a day without failures forgets it.
 * - Per address: when an address has `addressMax` failures in its 15-minute window, every username
 *   that failed from that address in the window is refused there (429 LOGIN_IP_RATE_LIMITED)
 *   until the window ends: the (address, username) pair is locked. A username that has not failed
 *   from the address is still checked, so a right password of another account is never refused
 *   because of an address's failures (people behind one proxy or office address); its first
 *   failure locks its pair too, so each username gets at most one more guess from that address.
 * - Per user for `PUT /base/v2/me/password`: wrong current passwords wait as the account does.
 */
export function createLoginLimiter(db: Db, rule: LoginLimitRule, now: () => Date) {
  let sweptAt = 0;

  /** Deletes rows forgotten for a day, at most every 10 minutes per instance. */
  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = at.getTime();
    await db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, new Date(at.getTime() - MEMORY_MS)));
  }

  return {
    /** Counts a login attempt of `username` from `address`, or answers why it must not be checked. */
    async beginLogin(address: string, username: string): Promise<LimitRefusal | undefined> {
      const at = now();
      await sweep(at);
      const name = accountKey(username);
      return db.transaction(async (tx) => {
        const rows = await lockRows(
          tx,
          [
            { scope: 'account', key: name },
            { scope: 'pair', key: `${address} ${name}` },
            { scope: 'address', key: address },
          ],
          at,
        );
        const [account, pair, from] = [rows.get('account'), rows.get('pair'), rows.get('address')];
        if (!account || !pair || !from) throw new Error('login_failures rows not locked');
        const current = delayed(account, at);
        const wait = waiting(current, at);
        if (wait !== undefined) return { scope: 'account', seconds: wait };
        // The address's window; a pair counts only the failures inside it.
        const windowEnds = from.windowStartedAt.getTime() + LOGIN_WINDOW_MS;
        const budget = windowEnds <= at.getTime() ? { ...from, failures: 0, windowStartedAt: at } : from;
        const pairFailures = pair.lastFailedAt >= budget.windowStartedAt ? pair.failures : 0;
        if (budget.failures >= rule.addressMax && pairFailures > 0) {
          const ends = budget.windowStartedAt.getTime() + LOGIN_WINDOW_MS;
          return { scope: 'address', seconds: secondsUntil(ends, at.getTime()) };
        }
        await save(tx, fail(current, at, rule.accountMax));
        await save(tx, { ...pair, failures: pairFailures + 1, lastFailedAt: at });
        await save(tx, { ...budget, failures: budget.failures + 1, lastFailedAt: at });
        return undefined;
      });
    },

    /** A right password: the account and its pair start afresh, the address gets its count back. */
    async loginSucceeded(address: string, username: string): Promise<void> {
      const name = accountKey(username);
      await db.transaction(async (tx) => {
        await tx
          .delete(loginFailures)
          .where(
            sql`(${loginFailures.scope}, ${loginFailures.key}) in (('account', ${name}), ('pair', ${`${address} ${name}`}))`,
          );
        await tx
          .update(loginFailures)
          .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
          .where(and(eq(loginFailures.scope, 'address'), eq(loginFailures.key, address)));
      });
    },

    /** Counts a check of `userId`'s current password, or answers how long it must wait. */
    async beginPasswordCheck(userId: number): Promise<LimitRefusal | undefined> {
      const at = now();
      return db.transaction(async (tx) => {
        const rows = await lockRows(tx, [{ scope: 'password', key: String(userId) }], at);
        const row = rows.get('password');
        if (!row) throw new Error('login_failures row not locked');
        const current = delayed(row, at);
        const wait = waiting(current, at);
        if (wait !== undefined) return { scope: 'account', seconds: wait };
        await save(tx, fail(current, at, rule.accountMax));
        return undefined;
      });
    },

    /** The current password was right: the user's count starts afresh. */
    async passwordCheckSucceeded(userId: number): Promise<void> {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.scope, 'password'), eq(loginFailures.key, String(userId))));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
