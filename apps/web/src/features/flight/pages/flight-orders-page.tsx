import { PendingPage } from '../../../shared/ui/pending-page';

/** flightOrders screen. Not built yet: the title and an honest empty state. */
export function FlightOrdersPage() {
  return <PendingPage titleKey="router.flightOrders" textKey="pending.flightOrders" />;
}
