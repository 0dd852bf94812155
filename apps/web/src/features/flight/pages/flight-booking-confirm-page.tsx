import { PendingPage } from '../../../shared/ui/pending-page';

/** flightBookingConfirm screen. Not built yet: the title and an honest empty state. */
export function FlightBookingConfirmPage() {
  return <PendingPage titleKey="router.flightBookingConfirm" textKey="pending.flightConfirm" />;
}
