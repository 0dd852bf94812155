import { PendingPage } from '../../../shared/ui/pending-page';

/** users screen. Not built yet: the title and an honest empty state. */
export function UsersPage() {
  return <PendingPage titleKey="router.users" textKey="pending.users" />;
}
