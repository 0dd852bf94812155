import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored responses of writes sent with an `Idempotency-Key`. One row per user and key (the
 * primary key is the claim: of two concurrent requests with the same key only one inserts it).
 * `user_id` and `agency_id` are foreign keys to `users(id)` and `agencies(id)` (migration 0002);
 * platform names no module's table, so they are not declared here.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    agencyId: integer('agency_id').notNull(),
    /** `POST /base/v2/agencies/2/balance`. */
    methodPath: text('method_path').notNull(),
    /** sha256 of method, path and the canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    /** `in_progress` while the first request runs, then `done`. */
    state: text('state').$type<'in_progress' | 'done'>().notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] })],
);
