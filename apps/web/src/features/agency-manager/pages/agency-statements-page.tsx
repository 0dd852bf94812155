import { PendingPage } from '../../../shared/ui/pending-page';

/** agencyStatements screen. Not built yet: the title and an honest empty state. */
export function AgencyStatementsPage() {
  return <PendingPage titleKey="router.agencyStatements" textKey="pending.agencyStatements" />;
}
