import { PendingPage } from '../../../shared/ui/pending-page';

/** flightOrderDetail screen. Not built yet: the title and an honest empty state. */
export function FlightOrderDetailPage() {
  return <PendingPage titleKey="router.flightOrderDetail" textKey="pending.flightOrderDetail" />;
}
