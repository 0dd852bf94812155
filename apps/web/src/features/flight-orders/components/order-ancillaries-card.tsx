import { Button, Card, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderAncillary } from '@portal/domain/ancillaries';
import type { FlightOrder } from '@portal/domain/flight-order';
import { DataTable } from '../../../shared/ui/data-table';
import { money } from '../lib/format';

// The purchase dialog (seat maps, bag choices) loads when it is first opened: most visits of an
// order never open it, and it weighs some 10 KB of the order page's JavaScript.
const AddAncillariesDialog = lazy(() =>
  import('../after-sales/add-ancillaries-dialog').then((m) => ({ default: m.AddAncillariesDialog })),
);

/**
 * The seats and bags of the order per passenger, and on an issued booking the way to buy more
 * (none and nothing to buy: no card).
 */
export function OrderAncillariesCard({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const lines = order.ancillaries ?? [];
  const canAdd = order.type === 'origin' && order.status === 'issued';
  if (lines.length === 0 && !canAdd) return null;
  const passenger = (i: number) => {
    const p = order.passengers[i];
    return p ? `${p.surname}/${p.given_names}` : String(i + 1);
  };
  const route = (i: number) => {
    const s = order.segments[i];
    return s ? `${s.departure.airport}–${s.arrival.airport} ${s.marketingCarrier}${s.flightNumber}` : '';
  };
  const item = (a: OrderAncillary) =>
    a.kind === 'seat'
      ? t('orders.ancillaries.seat', { seat: a.designator ?? '' })
      : t('orders.ancillaries.bag', { quantity: a.quantity, weight: a.weightKg ?? '' });

  return (
    <Card
      title={t('orders.ancillaries.title')}
      data-testid="order-ancillaries"
      style={{ marginBottom: 16 }}
      extra={
        canAdd && (
          <Button onClick={() => setAdding(true)} data-testid="add-ancillaries">
            {t('booking.ancillaries.add')}
          </Button>
        )
      }
    >
      <DataTable
        rowKey="id"
        size="small"
        label={t('orders.ancillaries.title')}
        keyColumn="passenger"
        pagination={false}
        dataSource={lines}
        columns={[
          {
            key: 'passenger',
            title: t('orders.ancillaries.passenger'),
            render: (_, a) => passenger(a.passengerIndex),
          },
          {
            key: 'item',
            title: t('orders.ancillaries.item'),
            render: (_, a) => (
              <>
                {item(a)}
                {a.source === 'purchase' && (
                  <Tag style={{ marginLeft: 8 }}>{t('orders.ancillaries.afterBooking')}</Tag>
                )}
              </>
            ),
          },
          {
            key: 'segments',
            title: t('orders.ancillaries.segments'),
            render: (_, a) => a.segmentIndexes.map(route).join(', '),
          },
          { key: 'price', title: t('orders.ancillaries.price'), render: (_, a) => money(a.price) },
          {
            key: 'status',
            title: t('orders.ancillaries.status'),
            render: (_, a) => t(`orders.ancillaries.state.${a.status}`),
          },
        ]}
      />
      {canAdd && adding && (
        <Suspense fallback={null}>
          <AddAncillariesDialog order={order} open={adding} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </Card>
  );
}
