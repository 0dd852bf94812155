import { PendingPage } from '../../../shared/ui/pending-page';

/** userLog screen. Not built yet: the title and an honest empty state. */
export function UserLogPage() {
  return <PendingPage titleKey="router.userLog" textKey="pending.userLog" />;
}
