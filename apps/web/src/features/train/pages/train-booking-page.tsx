import { PendingPage } from '../../../shared/ui/pending-page';

/** trainBooking screen. Not built yet: the title and an honest empty state. */
export function TrainBookingPage() {
  return <PendingPage titleKey="router.trainBooking" textKey="train.booking.empty" />;
}
