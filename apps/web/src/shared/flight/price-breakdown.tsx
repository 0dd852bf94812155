import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceDetail } from '@portal/domain/shopping';
import { usePriceDisplay } from './use-price-display';

/**
 * Price per passenger type: ticket price, tax, fuel surcharge, airport tax and sale price, with the
 * total; in a display currency the shown parts add up to the shown total (`displayBreakdown`).
 */
export function PriceBreakdown({ priceDetail, currency }: { priceDetail: PriceDetail; currency: string }) {
  const { t } = useTranslation();
  const price = usePriceDisplay(currency);
  const shown = price.breakdown(priceDetail);
  const money = (amount: string | undefined) => `${price.currency} ${amount ?? ''}`;
  const columns = (['price', 'tax', 'fuelSurcharge', 'airportTax', 'salePrice'] as const).map((key) => ({
    key,
    title: t(`flight.detail.price.${key}`),
    render: (_: unknown, _row: unknown, index: number) => money(shown.rows[index]?.[key]),
  }));

  return (
    <Table
      size="small"
      pagination={false}
      rowKey="passengerType"
      data-testid="price-breakdown"
      dataSource={priceDetail.priceList}
      columns={[
        {
          key: 'type',
          title: t('flight.detail.price.passenger'),
          render: (_, row) => `${t(`flight.passengerType.${row.passengerType}`)} × ${row.count}`,
        },
        ...columns,
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={5}>
            <strong>{t('flight.detail.price.total')}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1}>
            <strong>{money(shown.total)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
