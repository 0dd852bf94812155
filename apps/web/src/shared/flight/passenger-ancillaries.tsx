import { InputNumber, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SolutionAncillaries } from '@portal/domain/ancillaries';
import type { PassengerType, Segment } from '@portal/domain/shopping';
import { SeatMapGrid } from './seat-map-grid';
import { usePriceDisplay } from './use-price-display';
import type { AncillaryChoice } from './ancillary-choice';

type PassengerChoice = NonNullable<AncillaryChoice[number]>;

export interface PassengerAncillariesProps {
  index: number;
  type: PassengerType;
  holdsInfant: boolean;
  segments: readonly Segment[];
  offer: SolutionAncillaries;
  currency: string;
  choice: AncillaryChoice;
  onChange: (next: PassengerChoice) => void;
}

/** One passenger's seat per segment (a tab per segment) and checked bags. */
export function PassengerAncillaries(props: PassengerAncillariesProps) {
  const { index, type, segments, offer, currency, choice } = props;
  const { t } = useTranslation();
  const price = usePriceDisplay(currency);
  const mine: PassengerChoice = choice[index] ?? { seats: {}, bags: {} };
  const route = (i: number) => {
    const s = segments[i];
    return s ? `${s.departure.airport}–${s.arrival.airport} ${s.marketingCarrier}${s.flightNumber}` : '';
  };
  const othersOn = (segmentIndex: number) =>
    new Set(
      Object.entries(choice)
        .filter(([p]) => Number(p) !== index)
        .map(([, c]) => c?.seats[segmentIndex])
        .filter((d): d is string => d !== undefined),
    );
  const setSeat = (segmentIndex: number, designator: string | null) => {
    const seats = Object.fromEntries(
      Object.entries(mine.seats).filter(([segment]) => Number(segment) !== segmentIndex),
    );
    props.onChange({ ...mine, seats: designator ? { ...seats, [segmentIndex]: designator } : seats });
  };
  const bags = offer.bags.filter((b) => b.passengerTypes.includes(type));
  const title = `${t('booking.passenger.title', { n: index + 1 })} · ${t(`booking.passengerType.${type}`)}`;

  return (
    <section aria-label={title} data-testid={`passenger-ancillaries-${index}`}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {type === 'infant' ? (
        <Typography.Text type="secondary">{t('booking.ancillaries.infantOnLap')}</Typography.Text>
      ) : (
        offer.seatMaps.length > 0 && (
          <Tabs
            items={offer.seatMaps.map((map) => ({
              key: String(map.segmentIndex),
              label: `${route(map.segmentIndex)}${mine.seats[map.segmentIndex] ? ` · ${mine.seats[map.segmentIndex]}` : ''}`,
              children: (
                <SeatMapGrid
                  map={map}
                  currency={currency}
                  passengerType={type}
                  holdsInfant={props.holdsInfant}
                  pickedByOthers={othersOn(map.segmentIndex)}
                  selected={mine.seats[map.segmentIndex] ?? null}
                  onSelect={(d) => setSeat(map.segmentIndex, d)}
                />
              ),
            }))}
          />
        )
      )}
      {bags.length > 0 && (
        <Space orientation="vertical">
          <Typography.Text strong>{t('booking.ancillaries.bags')}</Typography.Text>
          {bags.map((bag) => {
            const label = t('booking.ancillaries.bagLabel', {
              weight: bag.weightKg,
              route: bag.segmentIndexes.map(route).join(', '),
              price: `${price.format(bag.price.amount)} ${price.currency}`,
            });
            return (
              <Space key={bag.id}>
                <InputNumber
                  min={0}
                  max={bag.maxQuantity}
                  precision={0}
                  aria-label={label}
                  value={mine.bags[bag.id] ?? 0}
                  onChange={(v) => props.onChange({ ...mine, bags: { ...mine.bags, [bag.id]: v ?? 0 } })}
                />
                <span>{label}</span>
              </Space>
            );
          })}
        </Space>
      )}
    </section>
  );
}
