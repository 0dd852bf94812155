import { and, eq, sql, type SQL } from 'drizzle-orm';
import { onlyOwnOrders } from '@portal/domain/order-visibility';
import type { RequestContext } from '../../platform/request-context';
import { flightOrders } from './flight-orders.schema';

type Viewer = Pick<RequestContext, 'agency' | 'user'>;

/*
 * Which flight orders a user sees (spec §6) is the domain's order visibility rule
 * (`@portal/domain/order-visibility`, shared with group and train orders). Every flight order list,
 * count and read (orders, status counts, detail, payment, after-sales, documents, disruptions,
 * booking records) goes through the functions below, which turn it into query conditions.
 */

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
