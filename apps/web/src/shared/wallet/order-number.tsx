import { Link } from 'react-router';
import { decideNavigation } from '@portal/domain/navigation';
import type { WalletEntryOrder } from '@portal/domain/wallet';
import { useSubject } from '../stores/subject';

/** The fields of a wallet entry or transaction that name its order. */
export interface OrderNumberFields {
  /** The ledger's order id: shown only when no order of the agency has it (no booking number). */
  orderId: string | null;
  bookingNumber: string | null;
  order: Pick<WalletEntryOrder, 'kind' | 'id'> | null;
}

/** The page of an order in the web app; null for train orders, which have none. */
export function orderPagePath(order: Pick<WalletEntryOrder, 'kind' | 'id'>): string | null {
  const id = encodeURIComponent(order.id);
  if (order.kind === 'flight') return `/flight/orders/${id}`;
  if (order.kind === 'group') return `/flight/group/order/${id}`;
  return null;
}

/**
 * The booking number of an entry's order, linked to the order's page when `linked` and the
 * user may open that page (the route guard's own decision); '-' without an order.
 */
export function OrderNumber({ row, linked }: { row: OrderNumberFields; linked: boolean }) {
  const subject = useSubject();
  const text = row.bookingNumber ?? row.orderId ?? '-';
  const path = linked && row.order && row.bookingNumber ? orderPagePath(row.order) : null;
  const allowed = path !== null && decideNavigation(path, { subject, embedded: false }).kind === 'allow';
  return path && allowed ? <Link to={path}>{text}</Link> : <>{text}</>;
}
