import { PendingPage } from '../../../shared/ui/pending-page';

/** company screen. Not built yet: the title and an honest empty state. */
export function CompanyPage() {
  return <PendingPage titleKey="router.company" textKey="pending.company" />;
}
