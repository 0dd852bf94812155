import { OrderDetailPage } from '../../features/flight-orders/pages/order-detail-page';

/** /flight/orders/:id: one flight order. */
export function FlightOrderDetailPage() {
  return <OrderDetailPage />;
}
