import { PendingPage } from '../../../shared/ui/pending-page';

/** statements screen. Not built yet: the title and an honest empty state. */
export function StatementsPage() {
  return <PendingPage titleKey="router.statements" textKey="pending.statements" />;
}
