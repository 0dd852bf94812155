import { PendingPage } from '../../../shared/ui/pending-page';

/** groupOrders screen. Not built yet: the title and an honest empty state. */
export function GroupOrdersPage() {
  return <PendingPage titleKey="router.groupOrders" textKey="pending.groupOrders" />;
}
