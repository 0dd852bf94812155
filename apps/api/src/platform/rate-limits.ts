import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorName } from '@portal/domain/errors';
import { AppError } from './errors';

/** The work a route may be limited for; a route opts in with `config: { limit: 'search' }`. */
export type LimitName = 'search' | 'booking' | 'upload';

/** How many requests one user, and one agency's users together, may make per window. */
export interface LimitRule {
  perUser: number;
  perAgency: number;
  windowMs: number;
}

/**
 * Defaults sized for people at a desk: an agent searching all day makes a few searches a
 * minute; an agency of a hundred agents stays under the agency figure. Scripts that flood one
 * tenant are stopped before they slow the others down.
 */
export const DEFAULT_LIMITS: Record<LimitName, LimitRule> = {
  search: { perUser: 30, perAgency: 300, windowMs: 60_000 },
  booking: { perUser: 10, perAgency: 100, windowMs: 60_000 },
  upload: { perUser: 10, perAgency: 60, windowMs: 60_000 },
};

/** The default limits with every count multiplied by `scale` (`REQUEST_LIMIT_SCALE`). */
export function scaledLimits(scale: number): Record<LimitName, LimitRule> {
  const scaled = (rule: LimitRule): LimitRule => ({
    ...rule,
    perUser: Math.round(rule.perUser * scale),
    perAgency: Math.round(rule.perAgency * scale),
  });
  return {
    search: scaled(DEFAULT_LIMITS.search),
    booking: scaled(DEFAULT_LIMITS.booking),
    upload: scaled(DEFAULT_LIMITS.upload),
  };
}

const ERROR_OF: Record<LimitName, ErrorName> = {
  search: 'SEARCH_RATE_LIMITED',
  booking: 'BOOKING_RATE_LIMITED',
  upload: 'UPLOAD_RATE_LIMITED',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts this route's requests against the per-user and per-agency limit of that name. */
    limit?: LimitName;
  }
}

/**
 * Fixed-window counters in memory (per API instance): `hit` counts a request against `key`, or,
 * when `max` are already counted in the window, refuses it with the seconds until the window resets.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, max: number, windowMs: number): number | undefined {
    const at = this.now();
    let window = this.windows.get(key);
    if (!window || at - window.startedAt >= windowMs) {
      window = { startedAt: at, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= max) return Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
    window.count += 1;
    if (this.windows.size > 50_000) this.sweep(at, windowMs);
    return undefined;
  }

  private sweep(at: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (at - window.startedAt >= windowMs) this.windows.delete(key);
  }
}

function refuse(limit: LimitName, seconds: number): AppError {
  return new AppError(ERROR_OF[limit], { seconds }, { retryAfterSeconds: seconds });
}

/**
 * One hook for every limited route: after authentication, the request counts against its user
 * and its agency; over either limit it is refused with 429, a message in the user's language that
 * says how long to wait, and `Retry-After`. Counts live in this instance's memory, so N instances
 * allow up to N times the figures (documented in docs/SECURITY.md).
 */
export function registerRateLimits(
  app: FastifyInstance,
  overrides: Partial<Record<LimitName, LimitRule>> = {},
  now: () => number = Date.now,
): void {
  const rules = { ...DEFAULT_LIMITS, ...overrides };
  const counter = new WindowCounter(now);
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const limit = request.routeOptions.config.limit;
    if (!limit || !request.ctx) return;
    const rule = rules[limit];
    const userWait = counter.hit(`${limit}:u:${request.ctx.user.id}`, rule.perUser, rule.windowMs);
    if (userWait !== undefined) throw refuse(limit, userWait);
    const agencyWait = counter.hit(`${limit}:a:${request.ctx.agency.id}`, rule.perAgency, rule.windowMs);
    if (agencyWait !== undefined) throw refuse(limit, agencyWait);
  });
}
