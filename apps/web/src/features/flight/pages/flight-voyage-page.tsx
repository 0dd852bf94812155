import { PendingPage } from '../../../shared/ui/pending-page';

/** flightVoyage screen. Not built yet: the title and an honest empty state. */
export function FlightVoyagePage() {
  return <PendingPage titleKey="router.flightVoyage" textKey="pending.flightVoyage" />;
}
