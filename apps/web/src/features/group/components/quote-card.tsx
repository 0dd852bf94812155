import { Button, Card, Descriptions, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupQuote } from '@portal/domain/group-order';
import { formatDateTime, formatLocalDateTime } from '../../../shared/dates/format-date';
import { money } from '../lib/format';
import { Countdown } from './countdown';
import { PlainTable } from './plain-table';

interface QuoteCardProps {
  quote: GroupQuote;
  index: number;
  /** The order allows a pick now (allowedActions has `pickQuote`) and this quote is open. */
  canPick: boolean;
  picking: boolean;
  onPick: () => void;
}

const QUOTE_STATE_COLOR = { open: 'processing', picked: 'success', withdrawn: 'default' } as const;

/** One quote of the desk: flights, fares and taxes per passenger type, baggage, plan and confirm-by. */
export function QuoteCard({ quote, index, canPick, picking, onPick }: QuoteCardProps) {
  const { t } = useTranslation();
  const n = index + 1;
  const allowance = (a: { pieces: number; weightKg: number | null }) =>
    a.pieces === 0
      ? t('groupOrders.quote.noBag')
      : a.weightKg !== null
        ? t('groupOrders.quote.piecesWeight', { count: a.pieces, weight: a.weightKg })
        : t('groupOrders.quote.pieces', { count: a.pieces });
  return (
    <Card
      size="small"
      data-testid={`group-quote-${quote.id}`}
      title={
        <>
          {t('groupOrders.quote.title', { n })}{' '}
          <Tag color={QUOTE_STATE_COLOR[quote.state]}>{t(`groupOrders.quote.state.${quote.state}`)}</Tag>
        </>
      }
      extra={
        canPick && (
          <Popconfirm
            title={t('groupOrders.quote.pickConfirm', { n, total: money(quote.total) })}
            description={t('groupOrders.notice.seatsNotHeld')}
            okText={t('groupOrders.quote.pick')}
            cancelText={t('groupOrders.common.back')}
            onConfirm={onPick}
          >
            <Button type="primary" loading={picking}>
              {t('groupOrders.quote.pick')}
            </Button>
          </Popconfirm>
        )
      }
      style={{ marginBottom: 12 }}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label={t('groupOrders.quote.total')}>
          <strong data-testid={`group-quote-total-${quote.id}`}>{money(quote.total)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('groupOrders.quote.confirmBy')}>
          {quote.state === 'open' ? (
            <Countdown deadline={quote.confirmBy} />
          ) : (
            formatDateTime(quote.confirmBy)
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('groupOrders.quote.quotedAt')}>
          {formatDateTime(quote.quotedAt)}
        </Descriptions.Item>
      </Descriptions>
      <PlainTable<GroupQuote['flights'][number]>
        label={t('groupOrders.quote.flightsOf', { n })}
        rowKey={(f) => `${f.journey}-${f.flightNumber}-${f.departure}`}
        rows={quote.flights}
        columns={[
          {
            title: t('groupOrders.quote.flight'),
            key: 'f',
            render: (f) => `${f.airline}${f.flightNumber}`,
          },
          { title: t('groupOrders.form.origin'), key: 'o', render: (f) => f.origin },
          { title: t('groupOrders.form.destination'), key: 'd', render: (f) => f.destination },
          {
            title: t('groupOrders.quote.departure'),
            key: 'dep',
            render: (f) => formatLocalDateTime(f.departure),
          },
          {
            title: t('groupOrders.quote.arrival'),
            key: 'arr',
            render: (f) => formatLocalDateTime(f.arrival),
          },
          { title: t('groupOrders.quote.cabin'), key: 'c', render: (f) => t(`flight.cabin.${f.cabin}`) },
        ]}
        style={{ marginBottom: 12 }}
      />
      <PlainTable<GroupQuote['fares'][number]>
        label={t('groupOrders.quote.faresOf', { n })}
        rowKey={(f) => f.passengerType}
        rows={quote.fares}
        columns={[
          {
            title: t('groupOrders.quote.passengerType'),
            key: 'type',
            render: (f) => t(`groupOrders.passengerType.${f.passengerType}`),
          },
          { title: t('groupOrders.quote.count'), key: 'count', render: (f) => f.count },
          { title: t('groupOrders.quote.fare'), key: 'fare', render: (f) => money(f.fare) },
          { title: t('groupOrders.quote.taxes'), key: 'taxes', render: (f) => money(f.taxes) },
          {
            title: t('groupOrders.quote.baggage'),
            key: 'bag',
            render: (f) => {
              const rule = quote.baggage.find((b) => b.passengerType === f.passengerType);
              return rule
                ? `${t('groupOrders.quote.carryOn')}: ${allowance(rule.carryOn)} · ${t('groupOrders.quote.checked')}: ${allowance(rule.checked)}`
                : '–';
            },
          },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Descriptions size="small" title={t('groupOrders.quote.plan')} column={{ xs: 1, sm: 2, md: 4 }}>
        {quote.instalments.map((item) => (
          <Descriptions.Item key={item.n} label={t(`groupOrders.instalment.kind.${item.kind}`)}>
            {money(item.amount)} · {t('groupOrders.instalment.by', { date: formatDateTime(item.deadline) })}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}
