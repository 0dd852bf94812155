import { PendingPage } from '../../../shared/ui/pending-page';

/** wallet screen. Not built yet: the title and an honest empty state. */
export function WalletPage() {
  return <PendingPage titleKey="router.wallet" textKey="pending.wallet" />;
}
