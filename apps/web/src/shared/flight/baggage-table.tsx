import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BaggageRule } from '@portal/domain/shopping';
import { usePriceDisplay } from './use-price-display';

type Allowance = BaggageRule['carryOn'];

/** Baggage per passenger type: carry-on and checked pieces, weight and size, and a paid bag's price. */
export function BaggageTable({ baggage, currency }: { baggage: readonly BaggageRule[]; currency: string }) {
  const { t } = useTranslation();
  const price = usePriceDisplay(currency);
  const allowance = (a: Allowance) =>
    a.pieces === 0
      ? t('flight.detail.baggage.none')
      : [
          t('flight.detail.baggage.pieces', { count: a.pieces }),
          a.weightKg !== null ? t('flight.detail.baggage.weight', { weight: a.weightKg }) : null,
          a.dimensions,
        ]
          .filter(Boolean)
          .join(' · ');

  return (
    <Table
      size="small"
      pagination={false}
      rowKey="passengerType"
      data-testid="baggage-table"
      dataSource={[...baggage]}
      columns={[
        {
          key: 'type',
          title: t('flight.detail.price.passenger'),
          render: (_, r) => t(`flight.passengerType.${r.passengerType}`),
        },
        { key: 'carryOn', title: t('flight.detail.baggage.carryOn'), render: (_, r) => allowance(r.carryOn) },
        { key: 'checked', title: t('flight.detail.baggage.checked'), render: (_, r) => allowance(r.checked) },
        {
          key: 'paid',
          title: t('flight.detail.baggage.paidBag'),
          render: (_, r) =>
            r.paidBagPrice ? `${price.currency} ${price.format(r.paidBagPrice.amount)}` : '—',
        },
      ]}
    />
  );
}
