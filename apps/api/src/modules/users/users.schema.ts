import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { UserLogFacts } from '@portal/domain/user-log-events';
import { createdAt } from '../../platform/db/columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /**
     * Foreign key to `agencies(id)` (`users_agency_id_agencies_id_fk`, migration 0000): the
     * agencies module sits above users, so the table does not name it here.
     */
    agencyId: integer('agency_id').notNull(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    email: text('email').notNull().default(''),
    mobileAreaCode: text('mobile_area_code'),
    mobileNumber: text('mobile_number'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull().default('active'),
    avatar: text('avatar'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    outUserId: text('out_user_id'),
    /** Set with a generated temporary password: the user must choose a new one after signing in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('users_agency_idx').on(t.agencyId), index('users_out_user_idx').on(t.outUserId)],
);

export const userLogs = pgTable(
  'user_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Null for a failed login with an unknown username. */
    userId: integer('user_id').references(() => users.id),
    /** Null only for a failed login with an unknown username: no agency ever lists those. */
    agencyId: integer('agency_id'),
    /** The username as typed (failed logins) or the user's at the time, at most 64 characters. */
    username: text('username'),
    action: text('action').notNull(),
    /** HTTP method and route pattern of a recorded call (`POST /base/v2/users/:id`). */
    method: text('method'),
    route: text('route'),
    /** The id the call addressed (its `:id` parameter), if any. */
    target: text('target'),
    /** The action's code (`USER_LOG_EVENTS`); null on rows written before it was (migration 0026). */
    event: text('event'),
    /** The kind of `target` and what readers know it by (booking number, username, name) at the time. */
    targetKind: text('target_kind'),
    targetLabel: text('target_label'),
    /** Amount, currency and the like the action's sentence names. */
    facts: jsonb('facts').$type<UserLogFacts>(),
    outcome: text('outcome').$type<'ok' | 'refused'>().notNull().default('ok'),
    /** The catalogue code of a refusal, or the HTTP status when it has none. */
    code: integer('code'),
    status: integer('status'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_logs_user_idx').on(t.userId, t.createdAt),
    index('user_logs_agency_idx').on(t.agencyId, t.createdAt, t.id),
    // The list's filters in its order, id included: a page's ids and the capped count read the
    // index only (migration 0034).
    index('user_logs_agency_user_created_id_idx').on(t.agencyId, t.userId, t.createdAt, t.id),
    index('user_logs_agency_action_created_id_idx').on(t.agencyId, t.action, t.createdAt, t.id),
    index('user_logs_agency_outcome_created_id_idx').on(t.agencyId, t.outcome, t.createdAt, t.id),
    // One user's rows of one action (a user's logins in a month): without it every row of the
    // user's range was read from the table to check its action (migration 0043).
    index('user_logs_agency_user_action_created_id_idx').on(
      t.agencyId,
      t.userId,
      t.action,
      t.createdAt,
      t.id,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;

declare module '../../platform/request-context' {
  interface TenantRows {
    user: UserRow;
  }
}
