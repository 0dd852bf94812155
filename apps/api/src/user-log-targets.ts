import { and, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { Db } from './platform/db';
import { agencies } from './modules/agencies/index';
import { flightOrders } from './modules/flight-orders/index';
import { groupOrders } from './modules/group-orders/index';
import { trainOrders } from './modules/train-orders/index';
import type { DescribeTarget } from './modules/users/user-log.hook';
import { users } from './modules/users/index';
import { isUuid } from '@portal/domain/text-checks';

const INTEGER = /^[1-9]\d{0,8}$/;

/** An order's total as the user log's facts name it. */
const totalOf = (currency: string, minor: number) => ({
  amount: fromMinor(minor, minorDigits(currency)),
  currency,
});

/**
 * The user log's target labels (users/user-log.hook.ts), read across the modules that own them:
 * the booking number of a flight, group or train order (with a flight or train order's total), the
 * username of a user and the name of an agency. A target of a refused call is named only when it
 * belongs to the caller's agency (for an agency: is it or its child), so a refused guess at another
 * agency's id never shows that agency's names. Passengers, member cards and disruptions go unnamed.
 */
export const describeUserLogTarget: DescribeTarget = async (db: Db, { kind, id }, { agencyId, trusted }) => {
  const owned = (column: PgColumn): SQL | undefined => (trusted ? undefined : eq(column, agencyId));
  if (kind === 'flightOrder' && isUuid(id)) {
    const [row] = await db
      .select({
        label: flightOrders.bookingNumber,
        currency: flightOrders.currency,
        minor: flightOrders.orderTotalMinor,
      })
      .from(flightOrders)
      .where(and(eq(flightOrders.id, id), owned(flightOrders.agencyId)));
    return row ? { label: row.label, ...totalOf(row.currency, row.minor) } : null;
  }
  if (kind === 'trainOrder' && isUuid(id)) {
    const [row] = await db
      .select({
        label: trainOrders.bookingNumber,
        currency: trainOrders.currency,
        minor: trainOrders.orderTotalMinor,
      })
      .from(trainOrders)
      .where(and(eq(trainOrders.id, id), owned(trainOrders.agencyId)));
    return row ? { label: row.label, ...totalOf(row.currency, row.minor) } : null;
  }
  if (kind === 'groupOrder' && isUuid(id)) {
    const [row] = await db
      .select({ label: groupOrders.bookingNumber })
      .from(groupOrders)
      .where(and(eq(groupOrders.id, id), owned(groupOrders.agencyId)));
    return row ?? null;
  }
  if (kind === 'user' && INTEGER.test(id)) {
    const [row] = await db
      .select({ label: users.username })
      .from(users)
      .where(and(eq(users.id, Number(id)), owned(users.agencyId)));
    return row ?? null;
  }
  if (kind === 'agency' && INTEGER.test(id)) {
    const mine = trusted ? undefined : or(eq(agencies.id, agencyId), eq(agencies.parentId, agencyId));
    const [row] = await db
      .select({ label: agencies.name })
      .from(agencies)
      .where(and(eq(agencies.id, Number(id)), mine));
    return row ?? null;
  }
  return null;
};
