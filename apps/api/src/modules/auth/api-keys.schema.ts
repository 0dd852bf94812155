import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agencies } from '../agencies/index';
import { users } from '../users/index';

/**
 * An agency's API keys (spec §7 `POST /base/v2/agencies/{id}/apikey`): only the SHA-256 of the key
 * is stored (the key is 32 random bytes, so a fast hash is enough), with a short prefix to tell
 * keys apart on screen. At most one key per agency is live; rotating revokes the previous one.
 */
export const agencyApiKeys = pgTable(
  'agency_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    /** The first characters of the key, shown to tell keys apart (never enough to use it). */
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('agency_api_keys_agency_idx').on(t.agencyId),
    uniqueIndex('agency_api_keys_live_idx')
      .on(t.agencyId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

export type AgencyApiKeyRow = typeof agencyApiKeys.$inferSelect;
