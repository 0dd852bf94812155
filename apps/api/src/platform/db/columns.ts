import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Column builders the module tables share. Each call returns a fresh builder (a builder belongs
 * to one table); the SQL they produce is the one the tables had written out before.
 */

/** A random uuid primary key named `id`. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** A database-generated bigint primary key named `id` (GENERATED ALWAYS AS IDENTITY). */
export const identityId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A point in time stored with its time zone (`timestamp with time zone`). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed (set by the code that changes it). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** An amount of money in integer minor units of a currency held elsewhere on the row. */
export const minorUnits = (name: string) => bigint(name, { mode: 'number' });
