import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../platform/request-context';
import { flightOrders } from './flight-orders.schema';

type Viewer = Pick<RequestContext, 'agency' | 'user'>;

/**
 * Which flight orders a user sees (spec §6): the orders of their own agency, and only the ones
 * they created when the agency sets "only show own orders". Every order list, count and read
 * (orders, status counts, detail, payment, after-sales, documents, disruptions, booking records)
 * goes through these three functions, so the rule lives here and nowhere else.
 */
export function onlyOwnOrders(viewer: Viewer): boolean {
  return viewer.agency.commonConfig.onlyShowOwnOrders === true;
}

/** The query condition on `flight_orders` of the orders `viewer` may see. */
export function orderScope(viewer: Viewer): SQL {
  const agency = eq(flightOrders.agencyId, viewer.agency.id);
  return onlyOwnOrders(viewer) ? (and(agency, eq(flightOrders.userId, viewer.user.id)) ?? agency) : agency;
}

/**
 * `orderScope` for a statement prepared once and run many times: the condition reads the
 * placeholders `scopeAgencyId` (and `scopeUserId`), `values` fills them, and `key` tells the two
 * shapes of the condition apart.
 */
export function orderScopeTemplate(viewer: Viewer): {
  key: 'agency' | 'own';
  values: { scopeAgencyId: number; scopeUserId?: number };
  condition(): SQL;
} {
  const agency = () => eq(flightOrders.agencyId, sql.placeholder('scopeAgencyId'));
  if (!onlyOwnOrders(viewer)) {
    return { key: 'agency', values: { scopeAgencyId: viewer.agency.id }, condition: agency };
  }
  return {
    key: 'own',
    values: { scopeAgencyId: viewer.agency.id, scopeUserId: viewer.user.id },
    condition: () => and(agency(), eq(flightOrders.userId, sql.placeholder('scopeUserId'))) ?? agency(),
  };
}

/** `orderScope` for a raw query that reads `flight_orders` under the alias `alias`. */
export function orderScopeSql(viewer: Viewer, alias: string): SQL {
  const table = sql.identifier(alias);
  const agency = sql`${table}.agency_id = ${viewer.agency.id}`;
  return onlyOwnOrders(viewer) ? sql`(${agency} and ${table}.user_id = ${viewer.user.id})` : agency;
}

/** True when `viewer` may see `order` (a row read by id): same rule as `orderScope`. */
export function canSeeOrder(viewer: Viewer, order: { agencyId: number; userId: number | null }): boolean {
  if (order.agencyId !== viewer.agency.id) return false;
  return !onlyOwnOrders(viewer) || order.userId === viewer.user.id;
}
