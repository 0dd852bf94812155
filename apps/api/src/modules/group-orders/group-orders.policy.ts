import { and, eq, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../platform/request-context';
import { onlyOwnOrders } from '../flight-orders/flight-orders.policy';
import { groupOrders } from './group-orders.schema';

type Viewer = Pick<RequestContext, 'agency' | 'user'>;

/**
 * Which group orders a user sees: the orders of their own agency, and only the ones they created
 * when the agency sets "only show own orders" (the same rule as flight orders). Every group list,
 * count, read and action goes through these two functions.
 */
export function groupOrderScope(viewer: Viewer): SQL {
  const agency = eq(groupOrders.agencyId, viewer.agency.id);
  return onlyOwnOrders(viewer) ? (and(agency, eq(groupOrders.userId, viewer.user.id)) ?? agency) : agency;
}

/** True when `viewer` may see and act on `order` (a row read by id). */
export function canSeeGroupOrder(viewer: Viewer, order: { agencyId: number; userId: number }): boolean {
  if (order.agencyId !== viewer.agency.id) return false;
  return !onlyOwnOrders(viewer) || order.userId === viewer.user.id;
}
