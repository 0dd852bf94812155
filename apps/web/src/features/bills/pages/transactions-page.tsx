import { PendingPage } from '../../../shared/ui/pending-page';

/** transactions screen. Not built yet: the title and an honest empty state. */
export function TransactionsPage() {
  return <PendingPage titleKey="router.transactions" textKey="pending.transactions" />;
}
