import { PendingPage } from '../../../shared/ui/pending-page';

/** agencyBills screen. Not built yet: the title and an honest empty state. */
export function AgencyBillsPage() {
  return <PendingPage titleKey="router.agencyBills" textKey="pending.agencyBills" />;
}
