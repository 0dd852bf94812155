import { PendingPage } from '../../../shared/ui/pending-page';

/** groupBookingConfirm screen. Not built yet: the title and an honest empty state. */
export function GroupBookingConfirmPage() {
  return <PendingPage titleKey="router.groupBookingConfirm" textKey="pending.groupConfirm" />;
}
