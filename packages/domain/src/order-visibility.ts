/**
 * Which orders a user sees (spec §6), for every order kind (flight, change, refund, void, group,
 * train): the orders of their own agency, and only the ones they created when the agency sets
 * "only show own orders". The API's order policies build their query conditions from these two
 * functions, so the rule lives here once.
 */
export interface OrderViewer {
  agency: { id: number; commonConfig: { onlyShowOwnOrders?: boolean } };
  user: { id: number };
}

/** The owner fields of an order row that visibility reads. */
export interface OwnedOrder {
  agencyId: number;
  userId: number | null;
}

/** True when `viewer`'s agency limits each user to the orders they created. */
export function onlyOwnOrders(viewer: OrderViewer): boolean {
  return viewer.agency.commonConfig.onlyShowOwnOrders === true;
}

/** True when `viewer` may see and act on `order` (a row read by id). */
export function canSeeOrder(viewer: OrderViewer, order: OwnedOrder): boolean {
  if (order.agencyId !== viewer.agency.id) return false;
  return !onlyOwnOrders(viewer) || order.userId === viewer.user.id;
}
