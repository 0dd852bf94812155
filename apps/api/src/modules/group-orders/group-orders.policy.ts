import { and, eq, type SQL } from 'drizzle-orm';
import { canSeeOrder, onlyOwnOrders } from '@portal/domain/order-visibility';
import type { RequestContext } from '../../platform/request-context';
import { groupOrders } from './group-orders.schema';

type Viewer = Pick<RequestContext, 'agency' | 'user'>;

/**
 * Which group orders a user sees: the orders of their own agency, and only the ones they created
 * when the agency sets "only show own orders" (the domain's order visibility rule, as for flight
 * and train orders). Every group list, count, read and action goes through these two functions.
 */
export function groupOrderScope(viewer: Viewer): SQL {
  const agency = eq(groupOrders.agencyId, viewer.agency.id);
  return onlyOwnOrders(viewer) ? (and(agency, eq(groupOrders.userId, viewer.user.id)) ?? agency) : agency;
}

/** True when `viewer` may see and act on `order` (a row read by id). */
export function canSeeGroupOrder(viewer: Viewer, order: { agencyId: number; userId: number }): boolean {
  return canSeeOrder(viewer, order);
}
