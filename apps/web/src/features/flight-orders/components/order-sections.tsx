import { Card, Descriptions, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlightOrder, FlightOrderPrice, TimelineEntry } from '@portal/domain/flight-order';
import { maskDocumentNumber } from '@portal/domain/document-types';
import { terminalNumber } from '../../../shared/flight/terminal';
import { DataTable } from '../../../shared/ui/data-table';
import { localTime, money, timestamp } from '../lib/format';
import { StatusTag } from './status-tag';

type Order = FlightOrder;

export function SegmentsCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Card title={t('orders.detail.segments')} data-testid="order-segments" style={{ marginBottom: 16 }}>
      <DataTable
        rowKey={(s) => `${s.flightNumber}-${s.departure.time}`}
        size="small"
        label={t('orders.detail.segments')}
        keyColumn="flight"
        pagination={false}
        dataSource={order.segments}
        columns={[
          {
            key: 'flight',
            title: t('orders.field.flightNumber'),
            render: (_, s) =>
              s.operatingCarrier && s.operatingCarrier !== s.marketingCarrier
                ? `${s.marketingCarrier}${s.flightNumber} (${t('flight.detail.operatedBy', { airline: s.operatingCarrier })})`
                : `${s.marketingCarrier}${s.flightNumber}`,
          },
          {
            key: 'from',
            title: t('orders.detail.from'),
            render: (_, s) =>
              `${s.departure.airport}${s.departure.terminal ? ` T${terminalNumber(s.departure.terminal)}` : ''} ${localTime(s.departure.time)}`,
          },
          {
            key: 'to',
            title: t('orders.detail.to'),
            render: (_, s) =>
              `${s.arrival.airport}${s.arrival.terminal ? ` T${terminalNumber(s.arrival.terminal)}` : ''} ${localTime(s.arrival.time)}`,
          },
          {
            key: 'cabin',
            title: t('orders.detail.cabin'),
            render: (_, s) => `${t(`flight.cabin.${s.cabin}`, s.cabin)} / ${s.bookingClass}`,
          },
          { key: 'aircraft', title: t('orders.detail.aircraft'), render: (_, s) => s.aircraft },
        ]}
      />
    </Card>
  );
}

export function PassengersCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Card title={t('orders.field.passengers')} data-testid="order-passengers" style={{ marginBottom: 16 }}>
      <DataTable
        rowKey="id"
        size="small"
        label={t('orders.field.passengers')}
        keyColumn="name"
        pagination={false}
        dataSource={order.passengers}
        onRow={(p) => ({ 'data-testid': `order-passenger-${p.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'name', title: t('orders.detail.name'), render: (_, p) => `${p.surname}/${p.given_names}` },
          {
            key: 'type',
            title: t('orders.detail.passengerType'),
            render: (_, p) => t(`booking.passengerType.${p.type}`),
          },
          {
            key: 'document',
            title: t('orders.detail.document'),
            render: (_, p) =>
              `${t(`booking.documentTypes.${p.travel_document.interfaceType}`)} ${maskDocumentNumber(p.travel_document.number)}`,
          },
          {
            key: 'tickets',
            title: t('orders.field.ticketNumber'),
            render: (_, p) =>
              p.ticketNumbers.length > 0 ? (
                <span data-testid="order-ticket-numbers">{p.ticketNumbers.join(', ')}</span>
              ) : (
                t('orders.detail.notIssued')
              ),
          },
        ]}
      />
    </Card>
  );
}

export function ContactCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Card title={t('orders.field.contact')} data-testid="order-contact" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
        <Descriptions.Item label={t('orders.detail.name')}>{order.contact.name}</Descriptions.Item>
        <Descriptions.Item label={t('orders.detail.email')}>{order.contact.email}</Descriptions.Item>
        <Descriptions.Item label={t('orders.detail.phone')}>
          {`+${order.contact.phone.areaCode} ${order.contact.phone.number}`}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** Spec §3 price fields, in the spec's order; fields that do not apply (null) are left out. */
export const PRICE_FIELDS = [
  'ticketPrice',
  'faceValue',
  'tax',
  'fuelSurcharge',
  'airportTax',
  'discount',
  'serviceFee',
  'transactionFee',
  'ancillaries',
  'creditCardFee',
  'priceDifference',
  'taxDifference',
  'changeFee',
  'refundFee',
  'refundableTotal',
  'costPrice',
  'saleTotal',
  'orderTotal',
] as const satisfies readonly (keyof FlightOrderPrice)[];

export function PriceCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const price = order.price;
  return (
    <Card title={t('orders.detail.price')} data-testid="order-price" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        {PRICE_FIELDS.filter((field) => price[field]).map((field) => (
          <Descriptions.Item key={field} label={t(`orders.price.${field}`)}>
            <span data-testid={`order-price-${field}`}>{money(price[field])}</span>
          </Descriptions.Item>
        ))}
        {price.fareBasis && (
          <Descriptions.Item label={t('orders.price.fareBasis')}>{price.fareBasis}</Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

export function PaymentCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { payment } = order;
  return (
    <Card title={t('orders.detail.payment')} data-testid="order-payment" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
        <Descriptions.Item label={t('orders.detail.paymentState')}>
          <span data-testid="order-payment-state">{t(`orders.payment.${payment.state}`)}</span>
        </Descriptions.Item>
        {payment.channel && (
          <Descriptions.Item label={t('orders.detail.channel')}>
            {t(`bills.method.${payment.channel}`, { defaultValue: payment.channel })}
          </Descriptions.Item>
        )}
        {payment.paidAt && (
          <Descriptions.Item label={t('orders.detail.paidAt')}>{timestamp(payment.paidAt)}</Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

export function TimelineCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  // A keyed note in the reader's language (a payment channel by its name); free text as it is.
  const noteText = (entry: TimelineEntry) => {
    if (!entry.noteKey) return entry.note;
    const params = { ...entry.noteParams };
    if (params.channel)
      params.channel = t(`bills.method.${params.channel}`, { defaultValue: params.channel });
    return t(`orders.timelineNote.${entry.noteKey}`, {
      ...params,
      defaultValue: entry.note ?? entry.noteKey,
    });
  };
  return (
    <Card title={t('orders.detail.timeline')} data-testid="order-timeline" style={{ marginBottom: 16 }}>
      <Timeline
        items={order.timeline.map((entry, index) => ({
          key: `${entry.status}-${entry.at}-${index}`,
          content: (
            <div>
              <StatusTag status={entry.status} /> {timestamp(entry.at)}
              {(entry.noteKey || entry.note) && (
                <div data-testid="order-timeline-note">{noteText(entry)}</div>
              )}
            </div>
          ),
        }))}
      />
    </Card>
  );
}
