import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKindName } from '@portal/domain/notifications';

/** Order and disruption events the outbound module tells people and systems about. */
export type NotificationKind = NotificationKindName;

/** E-mails the platform sends to its own people, about no agency (no in-app notice, no webhook). */
export type PlatformEmailKind = 'platform.application';

/** An in-app notice for one user (the header's list and unread count). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** The order (or after-sales order) it is about. */
    orderId: text('order_id'),
    /** Values for the localized text (booking number, route, new times). */
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** One e-mail or signed HTTP POST to send, retried with backoff until sent or given up. */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The agency it is about; null for the platform's own e-mails (`queuePlatformEmail`). */
    agencyId: integer('agency_id'),
    channel: text('channel').$type<'email' | 'webhook'>().notNull(),
    kind: text('kind').$type<NotificationKind | PlatformEmailKind>().notNull(),
    orderId: text('order_id'),
    /** E-mail address or URL. */
    target: text('target').notNull(),
    /** E-mail: {subject, text, html, locale}; webhook: the JSON body to sign and send. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbound_messages_agency_idx').on(t.agencyId, t.id)],
);

/** Every delivery attempt of an outbound message, with its outcome. */
export const outboundAttempts = pgTable(
  'outbound_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => outboundMessages.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    /** HTTP status or SMTP response code. */
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [index('outbound_attempts_message_idx').on(t.messageId, t.id)],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type OutboundMessageRow = typeof outboundMessages.$inferSelect;
export type OutboundAttemptRow = typeof outboundAttempts.$inferSelect;
