import { Alert, Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { segmentTimes } from '../model/pnr';

type Passenger = PnrAnalysisResult['passengers'][number];
type Segment = PnrAnalysisResult['segments'][number];

interface PnrReviewProps {
  reading: PnrAnalysisResult;
  pricing: boolean;
  onPrice: () => void;
  onEdit: () => void;
}

/** `ZHANG/SAN` as GDS text writes it; a Chinese name (`张` `伟`) as it is written, `张伟`. */
function nameOf(p: Passenger): string {
  const han = /^[\u3400-\u9fff]+$/;
  return han.test(p.surname) && han.test(p.givenName)
    ? `${p.surname}${p.givenName}`
    : `${p.surname}/${p.givenName}`;
}

/** What a PNR was read as (passengers, flights, unread lines), for the agent to confirm before pricing. */
export function PnrReview({ reading, pricing, onPrice, onEdit }: PnrReviewProps) {
  const { t } = useTranslation();
  const documentOf = (p: Passenger) =>
    p.document ? `${p.document.number}${p.document.expiryDate ? ` (${p.document.expiryDate})` : ''}` : '';

  return (
    <section data-testid="pnr-review" aria-label={t('flight.booking.pnr.review')}>
      <Typography.Title level={5}>
        {t('flight.booking.pnr.review')}
        {reading.recordLocator && (
          <Tag style={{ marginInlineStart: 8 }}>
            {t('flight.booking.pnr.locator', { code: reading.recordLocator })}
          </Tag>
        )}
      </Typography.Title>
      <Table<Segment>
        data-testid="pnr-flights"
        size="small"
        pagination={false}
        rowKey={(s) => `${s.carrier}${s.flightNumber}-${s.date}-${s.origin}`}
        dataSource={reading.segments}
        title={() => t('flight.booking.pnr.flights')}
        columns={[
          { key: 'flight', render: (_, s) => `${s.carrier}${s.flightNumber}` },
          { key: 'class', render: (_, s) => s.bookingClass ?? '' },
          { key: 'date', dataIndex: 'date' },
          { key: 'route', render: (_, s) => `${s.origin} → ${s.destination}` },
          { key: 'times', render: (_, s) => segmentTimes(s) },
          { key: 'status', render: (_, s) => s.status ?? '' },
        ]}
        showHeader={false}
        style={{ marginBottom: 12 }}
      />
      {reading.passengers.length > 0 ? (
        <Descriptions
          data-testid="pnr-passengers"
          size="small"
          bordered
          column={1}
          title={t('flight.booking.pnr.passengers')}
          style={{ marginBottom: 12 }}
          items={reading.passengers.map((p, i) => ({
            key: String(i),
            label: `${nameOf(p)}${p.title ? ` ${p.title}` : ''}`,
            children: (
              <Space>
                <Tag color="blue">{t(`booking.passengerType.${p.type}`)}</Tag>
                {p.document && `${t('flight.booking.pnr.document')}: ${documentOf(p)}`}
              </Space>
            ),
          }))}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('flight.booking.pnr.noPassengers')}
        />
      )}
      {reading.unread.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="pnr-unread"
          style={{ marginBottom: 12 }}
          title={t('flight.booking.pnr.unread', { count: reading.unread.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {reading.unread.map((u) => (
                <li key={u.line}>
                  {t('flight.booking.pnr.unreadLine', { line: u.line })}: <code>{u.text}</code>
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Space>
        <Button type="primary" loading={pricing} onClick={onPrice}>
          {t('flight.booking.pnr.price')}
        </Button>
        <Button onClick={onEdit}>{t('flight.booking.pnr.edit')}</Button>
      </Space>
    </section>
  );
}
