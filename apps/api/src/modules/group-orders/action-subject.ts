import type { GroupActionSubject, PassengerListState } from '@portal/domain/group-order-status';
import type { GroupInstalmentRow, GroupOrderRow } from './group-orders.schema';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * An order as the domain's action table sees it: what `allowedActions` shows and what each action
 * checks before it runs, so that the two never disagree. `confirmBy` is the order's own, or the
 * open quotes' latest while the agent has not picked one.
 */
export function groupActionSubject(
  order: GroupOrderRow,
  confirmBy: Date | null,
  instalments: readonly GroupInstalmentRow[],
  list: PassengerListState,
): GroupActionSubject {
  return {
    status: order.status,
    confirmBy: iso(confirmBy),
    instalments: instalments.map((i) => ({
      n: i.n,
      deadline: i.deadline.toISOString(),
      paidAt: iso(i.paidAt),
    })),
    passengerList: list,
    passengerListDeadline: iso(order.passengerListDeadline),
  };
}
