import { OrdersPage } from '../../features/flight-orders/pages/orders-page';

/** /flight/orders: the flight order list. */
export function FlightOrdersPage() {
  return <OrdersPage />;
}
