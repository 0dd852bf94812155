import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** What a row of `login_failures` counts (see `login-limit.ts`). */
export type FailureScope = 'account' | 'pair' | 'address' | 'password';

/**
 * Failed password checks, in the database so that every API instance sees the same counts
 * (migration 0021). One row per scope and key; rows unused for a day are swept.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    scope: text('scope').$type<FailureScope>().notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    /** When the current counting window began (the address and pair scopes). */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** No attempt is checked before this instant (the account and password scopes). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'login_failures_pk', columns: [t.scope, t.key] }),
    check('login_failures_scope', sql`${t.scope} IN ('account', 'pair', 'address', 'password')`),
    index('login_failures_last_failed_idx').on(t.lastFailedAt),
  ],
);

export type LoginFailureRow = typeof loginFailures.$inferSelect;
