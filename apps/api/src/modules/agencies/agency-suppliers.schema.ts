import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../platform/db/columns';
import { agencies } from './agencies.schema';

/**
 * The suppliers a top-level agency (and every agency below it) may use, set by the platform. No
 * row, or a null list, allows every configured supplier of that kind.
 */
export const agencySuppliers = pgTable('agency_suppliers', {
  agencyId: integer('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  flight: jsonb('flight').$type<string[] | null>(),
  rail: jsonb('rail').$type<string[] | null>(),
  updatedAt: updatedAt(),
});
