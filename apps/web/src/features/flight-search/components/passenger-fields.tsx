import { InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainField } from '../../../shared/ui/plain-field';
import { CABINS, type Cabin } from '@portal/domain/shopping-options';
import { MAX_PASSENGERS, type SearchFormValues } from '../model/search-form';

type Passengers = SearchFormValues['passengers'];

interface PassengerFieldsProps {
  passengers: Passengers;
  cabinClass: Cabin;
  onPassengers: (passengers: Passengers) => void;
  onCabin: (cabin: Cabin) => void;
}

/** Adult, child and infant counts (infants ≤ adults, at most 9 seats) and the cabin. */
export function PassengerFields({ passengers, cabinClass, onPassengers, onCabin }: PassengerFieldsProps) {
  const { t } = useTranslation();
  const { adult, child } = passengers;
  const field = (key: keyof Passengers, min: number, max: number) => (
    <PlainField id={`pax-${key}`} label={t(`flight.booking.passengers.${key}`)} style={{ marginBottom: 8 }}>
      <InputNumber
        id={`pax-${key}`}
        data-testid={`pax-${key}`}
        min={min}
        max={Math.max(min, max)}
        precision={0}
        value={passengers[key]}
        onChange={(v) => {
          const next = {
            ...passengers,
            [key]: Math.min(Math.max(min, Number(v ?? min)), Math.max(min, max)),
          };
          onPassengers({ ...next, infant: Math.min(next.infant, next.adult) });
        }}
        style={{ width: 88 }}
      />
    </PlainField>
  );

  return (
    <Space wrap size="middle" align="end">
      {field('adult', 1, MAX_PASSENGERS - child)}
      {field('child', 0, MAX_PASSENGERS - adult)}
      {field('infant', 0, adult)}
      <PlainField id="search-cabin" label={t('flight.booking.cabin')} style={{ marginBottom: 8 }}>
        <Select<Cabin>
          id="search-cabin"
          data-testid="search-cabin"
          value={cabinClass}
          onChange={onCabin}
          options={[...CABINS].reverse().map((c) => ({ value: c, label: t(`flight.cabin.${c}`) }))}
          style={{ width: 190 }}
        />
      </PlainField>
    </Space>
  );
}
