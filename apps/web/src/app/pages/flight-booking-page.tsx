import { useTranslation } from 'react-i18next';
import { PriceCheckModal } from '../../features/flight-booking/components/price-check-modal';
import { usePriceCheck } from '../../features/flight-booking/hooks/use-price-check';
import { ResultsPanel } from '../../features/flight-search/components/results-panel';
import { SearchForm } from '../../features/flight-search/components/search-form';
import { useRunSearch } from '../../features/flight-search/hooks/use-run-search';
import { useStoredSearch } from '../../features/flight-search/hooks/use-stored-search';
import { PageTitle } from '../../shared/ui/page-title';

/** Flight booking (spec §2): the search form, the progressive result list and the price check. */
export function FlightBookingPage() {
  const { t } = useTranslation();
  const stored = useStoredSearch();
  const rerun = useRunSearch();
  const searchAgain = () => {
    priceCheck.close();
    if (stored) rerun.mutate(stored.request);
  };
  const priceCheck = usePriceCheck(searchAgain);

  return (
    <section className="flight-booking-page">
      <PageTitle>{t('router.flightBooking')}</PageTitle>
      <SearchForm initial={stored?.request} />
      {stored && (
        <ResultsPanel
          key={stored.searchId}
          stored={stored}
          bookingId={priceCheck.checking}
          onBook={(solutionId, shown) => void priceCheck.check(solutionId, shown)}
        />
      )}
      <PriceCheckModal
        key={priceCheck.prompt?.solutionId ?? 'none'}
        prompt={priceCheck.prompt}
        checking={priceCheck.checking !== null}
        onProceed={priceCheck.proceed}
        onCheck={(id, listed) => void priceCheck.check(id, listed)}
        onSearchAgain={searchAgain}
        onClose={priceCheck.close}
      />
    </section>
  );
}
