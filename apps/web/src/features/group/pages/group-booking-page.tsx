import { PendingPage } from '../../../shared/ui/pending-page';

/** groupBooking screen. Not built yet: the title and an honest empty state. */
export function GroupBookingPage() {
  return <PendingPage titleKey="router.groupBooking" textKey="pending.groupBooking" />;
}
