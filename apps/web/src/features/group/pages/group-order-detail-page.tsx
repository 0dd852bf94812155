import { PendingPage } from '../../../shared/ui/pending-page';

/** groupOrderDetail screen. Not built yet: the title and an honest empty state. */
export function GroupOrderDetailPage() {
  return <PendingPage titleKey="router.groupOrderDetail" textKey="pending.groupOrderDetail" />;
}
