import { PendingPage } from '../../../shared/ui/pending-page';

/** agencyManager screen. Not built yet: the title and an honest empty state. */
export function AgenciesPage() {
  return <PendingPage titleKey="router.agencyManager" textKey="pending.agencyManager" />;
}
