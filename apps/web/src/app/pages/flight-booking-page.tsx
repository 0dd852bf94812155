import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceCheck } from '../../features/flight-booking/hooks/use-price-check';
import { SearchForm } from '../../features/flight-search/components/search-form';
import { useRunSearch } from '../../features/flight-search/hooks/use-run-search';
import { useStoredSearch } from '../../features/flight-search/hooks/use-stored-search';
import { PageTitle } from '../../shared/ui/page-title';

// The result list (tables of fare details, price chains) and the price check load once a search
// has run: the page opens with the search form only.
const ResultsPanel = lazy(async () => ({
  default: (await import('../../features/flight-search/components/results-panel')).ResultsPanel,
}));
const PriceCheckModal = lazy(async () => ({
  default: (await import('../../features/flight-booking/components/price-check-modal')).PriceCheckModal,
}));

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
        <Suspense fallback={<Spin style={{ display: 'block', margin: '32px auto' }} />}>
          <ResultsPanel
            key={stored.searchId}
            stored={stored}
            bookingId={priceCheck.checking}
            onBook={(solutionId, shown) => void priceCheck.check(solutionId, shown)}
          />
        </Suspense>
      )}
      {priceCheck.prompt && (
        <Suspense fallback={null}>
          <PriceCheckModal
            key={priceCheck.prompt.solutionId}
            prompt={priceCheck.prompt}
            checking={priceCheck.checking !== null}
            onProceed={priceCheck.proceed}
            onCheck={(id, listed) => void priceCheck.check(id, listed)}
            onSearchAgain={searchAgain}
            onClose={priceCheck.close}
          />
        </Suspense>
      )}
    </section>
  );
}
