import { PendingPage } from '../../../shared/ui/pending-page';

/** trainOrders screen. Not built yet: the title and an honest empty state. */
export function TrainOrdersPage() {
  return <PendingPage titleKey="router.trainOrders" textKey="train.orders.empty" />;
}
