import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PlatformPermission } from '@portal/domain/platform';
import { createdAt, identityId, timestamptz, updatedAt } from '../../platform/db/columns';

/** A platform admin's status: a disabled admin signs in no more and their sessions stop. */
export type PlatformAdminStatus = 'active' | 'disabled';

/** The portal operator's admins, outside every agency (migration 0027, `docs/platform.md`). */
export const platformUsers = pgTable(
  'platform_users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique('platform_users_username_key'),
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret (base32) the admin's authenticator app holds. */
    totpSecret: text('totp_secret').notNull(),
    /** The time step of the last code accepted: a code is refused at or before it (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    permissions: text('permissions')
      .array()
      .$type<PlatformPermission[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').$type<PlatformAdminStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('platform_users_status', sql`${t.status} IN ('active', 'disabled')`)],
);

/** Platform sessions: only the SHA-256 of the bearer token is stored. */
export const platformSessions = pgTable(
  'platform_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('platform_sessions_token_hash_key'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('platform_sessions_admin_idx').on(t.adminId)],
);

/** Every platform action, with the target before and after and its approver (four-eyes). */
export const platformAuditLog = pgTable(
  'platform_audit_log',
  {
    id: identityId(),
    at: timestamptz('at').notNull().defaultNow(),
    adminId: integer('admin_id').references(() => platformUsers.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    approvedBy: integer('approved_by').references(() => platformUsers.id),
    note: text('note'),
    requestId: text('request_id'),
  },
  (t) => [
    index('platform_audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('platform_audit_log_admin_idx').on(t.adminId, t.at),
    index('platform_audit_log_action_idx').on(t.action, t.at),
    index('platform_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

export type PlatformUserRow = typeof platformUsers.$inferSelect;
export type PlatformSessionRow = typeof platformSessions.$inferSelect;
export type PlatformAuditRow = typeof platformAuditLog.$inferSelect;
