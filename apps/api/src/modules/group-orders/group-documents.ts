import { groupOrderDocuments, type GroupOrderDocuments } from '@portal/domain/traveller-documents';
import type { PassengerListState } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { canSeeGroupOrder } from './group-orders.policy';
import { instalmentState } from './group-orders.presenter';
import { findGroupOrder, listInstalments, listQuotes } from './group-orders.repo';
import type { GroupInstalmentRow, GroupOrderRow, GroupQuoteRow } from './group-orders.schema';
import { listGroupPassengers, passengerListState } from './passenger-list/passenger-list.repo';
import type { GroupPassengerRow } from './passenger-list/passenger-list.schema';

/** What the traveller documents of a group order are drawn from, read in single statements. */
export interface GroupDocumentFacts {
  order: GroupOrderRow;
  /** The picked quote (the priced offer), when one is. */
  quote: GroupQuoteRow | undefined;
  instalments: GroupInstalmentRow[];
  passengers: GroupPassengerRow[];
  listState: PassengerListState;
  /** Which documents are ready (the rule the screens follow too). */
  ready: GroupOrderDocuments;
}

/** The group order `id` with what its documents need, as the caller may read it (404 otherwise). */
export async function groupDocumentFacts(
  db: Db,
  ctx: RequestContext,
  id: string,
): Promise<GroupDocumentFacts> {
  const order = await findGroupOrder(db, ctx.agency.id, id);
  if (!order || !canSeeGroupOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  const quotes = await listQuotes(db, order.id);
  const instalments = await listInstalments(db, order.id);
  const passengers = await listGroupPassengers(db, order.id);
  const listState = await passengerListState(db, order.id);
  const ready = groupOrderDocuments({
    quotes,
    instalments: instalments.map((i) => ({ n: i.n, state: instalmentState(i) })),
    passengerList: { state: listState },
  });
  const quote = quotes.find((q) => q.state === 'picked');
  return { order, quote, instalments, passengers, listState, ready };
}
