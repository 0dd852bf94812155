import { Alert, Card, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { FlightOrder } from '@portal/domain/flight-order';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BookingForm } from '../../features/flight-booking/components/booking-form';
import { QuoteCountdown } from '../../features/flight-booking/components/quote-countdown';
import { useVerifiedSolution } from '../../features/flight-booking/hooks/use-verified-solution';
import { BaggageTable } from '../../shared/flight/baggage-table';
import { FareRules } from '../../shared/flight/fare-rules';
import { LegSummary } from '../../shared/flight/leg-summary';
import { PriceBreakdown } from '../../shared/flight/price-breakdown';
import { SegmentList } from '../../shared/flight/segment-list';
import { useFlightSearchStore } from '../../shared/stores/flight-search-store';
import { toast } from '../../shared/ui/message-bridge';
import { PageTitle } from '../../shared/ui/page-title';

// Shown once the order is booked: the channels, the QR code and the checkout redirect load then.
const PaymentPanel = lazy(async () => ({
  default: (await import('../../shared/payment/components/payment-panel')).PaymentPanel,
}));

/**
 * Booking confirmation (spec §2): the price-checked fare with its quote countdown, the passenger and
 * contact form, and once the order exists its payment panel.
 */
export function FlightBookingConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useVerifiedSolution();
  const [order, setOrder] = useState<FlightOrder | null>(null);

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
  const { solution, clearPassengers } = state;
  const currency = solution.priceDetail.total.currency;
  const heading = (key: string) => (
    <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
      {t(key)}
    </Typography.Title>
  );

  return (
    <section className="flight-confirm-page" data-testid="flight-confirm">
      <PageTitle>{t('router.flightBookingConfirm')}</PageTitle>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="success"
          showIcon
          title={t('flight.confirm.checked')}
          action={<QuoteCountdown expiresAt={solution.expiresAt} />}
        />
        {clearPassengers && <Alert type="info" showIcon title={t('flight.confirm.passengersCleared')} />}
        <Card
          title={heading('flight.confirm.itinerary')}
          extra={
            <Space>
              {<Tag>{t(`flight.cabin.${solution.cabin}`)}</Tag>}
              {solution.fareFamily && <Tag color="purple">{solution.fareFamily}</Tag>}
            </Space>
          }
        >
          {solution.legs.map((leg, i) => (
            <LegSummary key={i} leg={leg} />
          ))}
          <SegmentList legs={solution.legs} />
        </Card>
        <Card title={heading('flight.detail.priceTitle')}>
          <PriceBreakdown priceDetail={solution.priceDetail} currency={currency} />
        </Card>
        <Card title={heading('flight.detail.baggageTitle')}>
          <BaggageTable baggage={solution.baggage} currency={currency} />
        </Card>
        <Card title={heading('flight.detail.rulesTitle')}>
          <FareRules solution={solution} currency={currency} />
        </Card>
        {order ? (
          <Suspense fallback={<Skeleton active />}>
            <PaymentPanel order={order} />
          </Suspense>
        ) : (
          <BookingForm key={clearPassengers ? 'cleared' : 'form'} solution={solution} onCreated={setOrder} />
        )}
      </Space>
    </section>
  );
}
