import { Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { infantAdults, type SolutionAncillaries } from '@portal/domain/ancillaries';
import type { PassengerType, Solution } from '@portal/domain/shopping';
import { usePriceDisplay } from '../../../shared/flight/use-price-display';
import { addAmounts, extrasAmount, type AncillaryChoice } from '../../../shared/flight/ancillary-choice';
import { PassengerAncillaries } from '../../../shared/flight/passenger-ancillaries';

export interface AncillariesCardProps {
  solution: Solution;
  offer: SolutionAncillaries;
  slots: readonly PassengerType[];
  choice: AncillaryChoice;
  onChange: (choice: AncillaryChoice) => void;
}

/**
 * Seats and bags of the booking (docs/ancillaries.md): per passenger a seat on each segment's map
 * and checked bags, with the running total of the fare and the extras in the display currency.
 */
export function AncillariesCard({ solution, offer, slots, choice, onChange }: AncillariesCardProps) {
  const { t } = useTranslation();
  const currency = solution.priceDetail.total.currency;
  const price = usePriceDisplay(currency);
  const segments = solution.legs.flatMap((l) => l.segments);
  const holding = infantAdults(slots);
  const extras = extrasAmount(choice, offer, currency);
  const total = addAmounts(solution.priceDetail.total.amount, extras, currency);
  const money = (amount: string) => `${price.format(amount)} ${price.currency}`;

  if (offer.seatMaps.length === 0 && offer.bags.length === 0) return null;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('booking.ancillaries.title')}
        </Typography.Title>
      }
      data-testid="ancillaries-card"
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {slots.map((type, i) => (
          <PassengerAncillaries
            key={i}
            index={i}
            type={type}
            holdsInfant={holding.has(i)}
            segments={segments}
            offer={offer}
            currency={currency}
            choice={choice}
            onChange={(next) => onChange({ ...choice, [i]: next })}
          />
        ))}
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('booking.ancillaries.extras')}>
            <span data-testid="ancillaries-extras">{money(extras)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('booking.ancillaries.total')}>
            <strong data-testid="booking-total" aria-live="polite">
              {money(total)}
            </strong>
          </Descriptions.Item>
        </Descriptions>
      </Space>
    </Card>
  );
}
