import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useVerifiedSolution } from '../../features/flight-booking/hooks/use-verified-solution';
import { useFlightSearchStore } from '../../shared/stores/flight-search-store';
import { toast } from '../../shared/ui/message-bridge';

// The fare, the booking form and the payment panel load once a price-checked fare is there: a
// fresh load of this address without one goes to the booking page, and must not download them.
const FlightBookingConfirmContent = lazy(async () => ({
  default: (await import('./flight-booking-confirm-content')).FlightBookingConfirmContent,
}));

/**
 * Booking confirmation (spec §2): the price-checked fare with its quote countdown, the passenger and
 * contact form, and once the order exists its payment panel; without a checked fare (or after the
 * currency changed), back to the booking page.
 */
export function FlightBookingConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useVerifiedSolution();

  useEffect(() => {
    if (state.kind === 'missing') {
      void toast().warning(t('flight.confirm.noSolution'));
      void navigate('/flight/booking', { replace: true });
    } else if (state.kind === 'currencyChanged') {
      useFlightSearchStore.getState().clear();
      void toast().error(t('flight.confirm.currencyChanged'));
      void navigate('/flight/booking', { replace: true });
    }
  }, [state.kind, navigate, t]);

  if (state.kind !== 'ok') return null;
  return (
    <Suspense fallback={<Skeleton active />}>
      <FlightBookingConfirmContent solution={state.solution} clearPassengers={state.clearPassengers} />
    </Suspense>
  );
}
