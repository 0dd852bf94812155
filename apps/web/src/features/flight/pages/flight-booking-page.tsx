import { PendingPage } from '../../../shared/ui/pending-page';

/** flightBooking screen. Not built yet: the title and an honest empty state. */
export function FlightBookingPage() {
  return <PendingPage titleKey="router.flightBooking" textKey="pending.flightBooking" />;
}
