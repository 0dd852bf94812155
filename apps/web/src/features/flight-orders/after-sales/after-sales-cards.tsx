import { Alert, Button, Card, Descriptions, Empty, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RelatedOrder, SupportingDocument } from '@portal/domain/after-sales';
import { changeReasonKey, refundReasonKey } from '@portal/domain/after-sales-reasons';
import type { FlightOrder } from '@portal/domain/flight-order';
import { AWAITING_REFUND_CONFIRM_STATUSES } from '@portal/domain/flight-order-actions';
import { downloadDocument, useOrderDocuments } from '../api/after-sales';
import { segmentLabel } from '../lib/after-sales';
import { money, timestamp } from '../lib/format';
import { DeadlineCountdown } from '../components/deadline-countdown';
import { StatusTag } from '../components/status-tag';

function orderLink(id: string): string {
  return `/flight/orders/${encodeURIComponent(id)}`;
}

/**
 * The orders linked to this one: for an original its change, refund and void orders; for an
 * after-sales order the original (always, from `originalBookingId`) and the others the API lists.
 */
export function RelatedOrdersCard({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const related = order.relatedOrders ?? [];
  const original = order.originalBookingId;
  if (related.length === 0 && !original) return null;
  return (
    <Card title={t('afterSales.related.title')} data-testid="order-related" style={{ marginBottom: 16 }}>
      {original && !related.some((r) => r.id === original) && (
        <p>
          {t('afterSales.related.original')}:{' '}
          <Link to={orderLink(original)} data-testid="order-original-link">
            {t('afterSales.related.openOriginal')}
          </Link>
        </p>
      )}
      {related.length > 0 && (
        <Table<RelatedOrder>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={related}
          onRow={(r) => ({ 'data-testid': `order-related-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'number',
              title: t('orders.field.bookingNumber'),
              render: (_, r) => <Link to={orderLink(r.id)}>{r.bookingNumber}</Link>,
            },
            { key: 'type', title: t('orders.field.type'), render: (_, r) => t(`orders.type.${r.type}`) },
            {
              key: 'status',
              title: t('orders.field.status'),
              render: (_, r) => <StatusTag status={r.status} />,
            },
            { key: 'time', title: t('orders.field.bookingTime'), render: (_, r) => timestamp(r.bookingTime) },
          ]}
        />
      )}
    </Card>
  );
}

const QUOTE_FIELDS = {
  change: ['priceDifference', 'taxDifference', 'changeFee', 'serviceFee', 'amountDue'],
  refund: ['paid', 'refundFee', 'serviceFee', 'refundableTotal'],
  void: ['paid', 'refundFee', 'serviceFee', 'refundableTotal'],
  // A seat and bag purchase has no desk quote: its price is the order's own.
  ancillary: [],
} as const;

/** A change, refund or void order's request and the desk's answer. */
export function AfterSalesDetailCard({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const detail = order.afterSales;
  if (!detail || order.type === 'origin') return null;
  const { selection, refundReason, changeReason, quote } = detail;
  const names = selection.passengerIds.map((id) => {
    const p = order.passengers.find((entry) => entry.id === id);
    return p ? `${p.surname}/${p.given_names}` : id;
  });
  const deadline = detail.confirmDeadline ?? order.confirmDeadline ?? null;
  return (
    <Card
      title={t(`afterSales.detail.title.${order.type}`)}
      data-testid="order-after-sales"
      style={{ marginBottom: 16 }}
    >
      {AWAITING_REFUND_CONFIRM_STATUSES.includes(order.status) && deadline && (
        <DeadlineCountdown
          deadline={deadline}
          testId="order-confirm-countdown"
          withinKey="afterSales.detail.confirmWithin"
          expiredKey="afterSales.detail.confirmExpired"
        />
      )}
      {detail.rejectReason && (
        <Alert
          type="error"
          showIcon
          data-testid="order-reject-reason"
          title={t('afterSales.detail.rejected')}
          description={detail.rejectReason}
          style={{ marginBottom: 16 }}
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('afterSales.form.passengers')}>
          <span data-testid="order-after-sales-passengers">{names.join(', ')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('afterSales.form.segments')}>
          <span data-testid="order-after-sales-segments">
            {selection.segmentIndexes
              .map((i) => {
                // A refund or void keeps the original's flights; a change order flies new ones.
                const segment = order.type === 'change' ? undefined : order.segments[i];
                return segment ? segmentLabel(segment) : t('afterSales.detail.originalSegment', { n: i + 1 });
              })
              .join(', ')}
          </span>
        </Descriptions.Item>
        {(refundReason || changeReason !== null) && (
          <Descriptions.Item label={t('afterSales.form.reason')}>
            <span data-testid="order-after-sales-reason">
              {refundReason
                ? [
                    refundReasonKey(refundReason.value),
                    refundReason.subOption && refundReasonKey(refundReason.value, refundReason.subOption),
                  ]
                    .filter(Boolean)
                    .map((key) => t(key || ''))
                    .join(' / ')
                : t(changeReasonKey(changeReason ?? 0))}
            </span>
          </Descriptions.Item>
        )}
        {detail.remark && (
          <Descriptions.Item label={t('afterSales.form.remark')}>{detail.remark}</Descriptions.Item>
        )}
        {deadline && (
          <Descriptions.Item label={t('afterSales.detail.confirmDeadline')}>
            {timestamp(deadline)}
          </Descriptions.Item>
        )}
      </Descriptions>
      {quote ? (
        <Descriptions size="small" title={t('afterSales.detail.quote')} column={{ xs: 1, sm: 2, lg: 3 }}>
          {QUOTE_FIELDS[order.type].map((field) => (
            <Descriptions.Item key={field} label={t(`afterSales.quote.${field}`)}>
              <span data-testid={`order-quote-${field}`}>{money(quote[field])}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <p data-testid="order-quote-pending">{t('afterSales.detail.quotePending')}</p>
      )}
    </Card>
  );
}

/** The supporting documents kept with the order, each downloadable. */
export function DocumentsCard({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const documents = useOrderDocuments(order.id);
  const kept = documents.data ?? [];
  const [failed, setFailed] = useState<string | null>(null);
  const save = (document: SupportingDocument) => {
    setFailed(null);
    downloadDocument(order.id, document).catch((e: unknown) =>
      setFailed(e instanceof Error && e.message ? e.message : t('afterSales.documents.downloadFailed')),
    );
  };
  // An original without documents has nothing to show: no card rather than an empty one.
  if (order.type === 'origin' && kept.length === 0) return null;
  return (
    <Card title={t('afterSales.documents.title')} data-testid="order-documents" style={{ marginBottom: 16 }}>
      {documents.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : kept.length > 0 ? (
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {kept.map((document) => (
            <li key={document.id}>
              <Button
                type="link"
                size="small"
                data-testid={`order-document-${document.id}`}
                onClick={() => save(document)}
              >
                {document.fileName}
              </Button>{' '}
              ({Math.ceil(document.sizeBytes / 1024)} KB, {timestamp(document.uploadedAt)})
            </li>
          ))}
        </ul>
      ) : documents.isError ? (
        <Alert type="error" showIcon title={t('afterSales.documents.loadFailed')} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('afterSales.documents.none')} />
      )}
      {failed && <Alert type="error" showIcon role="alert" title={failed} style={{ marginTop: 8 }} />}
    </Card>
  );
}
