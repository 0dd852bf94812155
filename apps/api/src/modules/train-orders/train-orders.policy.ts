import { and, eq, type SQL } from 'drizzle-orm';
import { onlyOwnOrders } from '@portal/domain/order-visibility';
import { allows } from '@portal/domain/access';
import { accessSubject, type RequestContext } from '../../platform/request-context';
import { trainOrders } from './train-orders.schema';

type Viewer = Pick<RequestContext, 'agency' | 'user'>;

/**
 * Which train orders a user sees: the domain's order visibility rule (spec §6,
 * `@portal/domain/order-visibility`, as for flight and group orders) applied to `train_orders`:
 * the orders of their own agency, only the ones they created when the agency sets "only show own
 * orders". A read by id uses `canSeeOrder` itself.
 */
export function trainOrderScope(viewer: Viewer): SQL {
  const agency = eq(trainOrders.agencyId, viewer.agency.id);
  return onlyOwnOrders(viewer) ? (and(agency, eq(trainOrders.userId, viewer.user.id)) ?? agency) : agency;
}

/**
 * Who may book train orders and act on them (pay, cancel, refund, issue the tickets of an order
 * waiting for manual ticketing): the routes' access `trainBooking`, an operator or SuperUser of an
 * agency with the train service (the route table's /train/booking). A finance user of an agency
 * with trains sees the orders (`train`) and may do none of these: the order answers offer them no
 * action.
 */
export function canBookTrainOrders(ctx: RequestContext): boolean {
  return allows('trainBooking', accessSubject(ctx));
}
