import { Alert, Card, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';
import { useTranslation } from 'react-i18next';
import { BookingForm } from '../../features/flight-booking/components/booking-form';
import { QuoteCountdown } from '../../features/flight-booking/components/quote-countdown';
import { BaggageTable } from '../../shared/flight/baggage-table';
import { FareRules } from '../../shared/flight/fare-rules';
import { LegSummary } from '../../shared/flight/leg-summary';
import { PriceBreakdown } from '../../shared/flight/price-breakdown';
import { SegmentList } from '../../shared/flight/segment-list';
import { PageTitle } from '../../shared/ui/page-title';

// Shown once the order is booked: the channels, the QR code and the checkout redirect load then.
const PaymentPanel = lazy(async () => ({
  default: (await import('../../shared/payment/components/payment-panel')).PaymentPanel,
}));

interface FlightBookingConfirmContentProps {
  /** The price-checked fare. */
  solution: Solution;
  /** The passengers were cleared since the fare was checked (a different fare was picked). */
  clearPassengers: boolean;
}

/**
 * The booking confirmation's content for a price-checked fare (spec §2): the fare with its quote
 * countdown, the passenger and contact form, and once the order exists its payment panel.
 */
export function FlightBookingConfirmContent({ solution, clearPassengers }: FlightBookingConfirmContentProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<FlightOrder | null>(null);
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
