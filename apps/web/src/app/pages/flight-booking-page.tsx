import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
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
  const kept = useStoredSearch();
  const stored = kept ?? null;
  // The form starts from the kept search: it waits (once, at most a moment) for the kept search to
  // be checked, and stays mounted when a search the user runs from it is checked later.
  const [formReady, setFormReady] = useState(kept !== undefined);
  useEffect(() => {
    if (kept !== undefined) setFormReady(true);
  }, [kept]);
  const rerun = useRunSearch();
  const searchAgain = () => {
    priceCheck.close();
    if (stored) rerun.mutate(stored.request);
  };
  const priceCheck = usePriceCheck(searchAgain);

  return (
    <section className="flight-booking-page">
      <PageTitle>{t('router.flightBooking')}</PageTitle>
      {formReady ? (
        <SearchForm initial={stored?.request} />
      ) : (
        <Spin aria-label={t('common.loadingIndicator')} style={{ display: 'block', margin: '32px auto' }} />
      )}
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
