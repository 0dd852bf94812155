import type { UserLogAction, UserLogOutcome } from '@portal/domain/user-log';
import {
  routeEventOf,
  type UserLogEvent,
  type UserLogFacts,
  type UserLogTargetKind,
} from '@portal/domain/user-log-events';
import type { Db } from '../../platform/db';
import { userLogs } from './users.schema';
import type { RequestContext } from '../../platform/request-context';

/** One user log row to append (see `packages/domain/src/user-log.ts`). */
export interface UserActionRecord {
  action: UserLogAction;
  /** Null for a failed login with an unknown username. */
  userId: number | null;
  /** Null only when no agency can be told (unknown username): no agency lists such rows. */
  agencyId: number | null;
  username?: string | null;
  method?: string | null;
  route?: string | null;
  /** The id the action addressed (a user id, an order id). */
  target?: string | number | null;
  /** The action's code; by default the one `method` and `route` map to (`ROUTE_EVENTS`). */
  event?: UserLogEvent | null;
  /** The kind of `target`; by default the one of its route. */
  targetKind?: UserLogTargetKind | null;
  /** What readers know the target by: a booking number, a username, a name. */
  targetLabel?: string | null;
  facts?: UserLogFacts | null;
  /** Defaults to `ok`. */
  outcome?: UserLogOutcome;
  /** The error code of a refusal (or the HTTP status when it had none). */
  code?: number | null;
  status?: number | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** A NUL (which PostgreSQL text cannot hold) or a UTF-16 surrogate without its partner. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point of this pattern
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` as PostgreSQL can store it: each NUL and lone surrogate written as its `\uXXXX` escape, so
 * that a refused request whose path or name holds one is still recorded, and shows what was sent.
 */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Storable text of at most `max` UTF-16 units, never ending in half a surrogate pair. */
const cut = (text: string | null | undefined, max: number) => {
  if (text === null || text === undefined) return null;
  const short = storableText(text).slice(0, max);
  return /[\ud800-\udbff]$/.test(short) ? short.slice(0, -1) : short;
};

/**
 * Appends one row to the user log, in the caller's transaction when `db` is one (so a named
 * action is logged exactly when it commits). The log is append-only: nothing updates or
 * deletes its rows.
 */
export async function recordUserAction(db: Db, entry: UserActionRecord): Promise<void> {
  const byRoute = routeEventOf(entry.method ?? null, entry.route ?? null);
  await db.insert(userLogs).values({
    action: entry.action,
    userId: entry.userId,
    agencyId: entry.agencyId,
    username: cut(entry.username, 64),
    method: entry.method ?? null,
    route: cut(entry.route, 256),
    target: entry.target === null || entry.target === undefined ? null : cut(String(entry.target), 64),
    event: entry.event ?? byRoute?.event ?? null,
    targetKind: entry.targetKind ?? byRoute?.target ?? null,
    targetLabel: cut(entry.targetLabel, 128),
    facts: entry.facts && Object.keys(entry.facts).length > 0 ? entry.facts : null,
    outcome: entry.outcome ?? 'ok',
    code: entry.code ?? null,
    status: entry.status ?? null,
    ip: cut(entry.ip, 64),
    userAgent: cut(entry.userAgent, 512),
  });
}

/** Who did it, for `recordUserAction`: the signed-in user and agency of `ctx` and the client. */
export function actorOf(
  ctx: RequestContext,
  client: { ip: string | null; userAgent: string | null },
): Pick<UserActionRecord, 'userId' | 'agencyId' | 'username' | 'ip' | 'userAgent'> {
  return {
    userId: ctx.user.id,
    agencyId: ctx.agency.id,
    username: ctx.user.username,
    ip: client.ip,
    userAgent: client.userAgent,
  };
}
