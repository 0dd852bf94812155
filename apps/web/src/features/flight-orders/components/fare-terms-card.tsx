import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/domain/flight-order';
import { FareTermsDescriptions } from '../../../shared/flight/fare-terms';

/** The change and refund terms and baggage the order's fare was booked with (none on orders without them). */
export function FareTermsCard({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  if (!order.fareRules) return null;
  return (
    <Card title={t('fareTerms.title')} data-testid="order-fare-terms" style={{ marginBottom: 16 }}>
      <FareTermsDescriptions
        rules={order.fareRules}
        baggage={order.baggage}
        currency={order.price.saleTotal.currency}
      />
    </Card>
  );
}
