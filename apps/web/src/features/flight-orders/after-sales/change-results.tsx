import { Alert, Button, Empty, Progress, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@portal/domain/shopping';
import { useChangeSolutions } from '../api/after-sales';
import { localTime, money } from '../lib/format';

/** One alternative's flights: `CA1503 PEK 2026-12-03 08:30 → SHA 10:45` per leg. */
function Flights({ solution }: { solution: Solution }) {
  return (
    <>
      {solution.legs.map((leg, index) => {
        const first = leg.segments[0];
        const last = leg.segments[leg.segments.length - 1];
        if (!first || !last) return null;
        return (
          <div key={index}>
            <strong>{leg.segments.map((s) => `${s.marketingCarrier}${s.flightNumber}`).join(' / ')}</strong>{' '}
            {first.departure.airport} {localTime(first.departure.time)} → {last.arrival.airport}{' '}
            {localTime(last.arrival.time).slice(11)}
          </div>
        );
      })}
    </>
  );
}

/**
 * Step two of a change: the alternatives of the search as they arrive, with the suppliers'
 * progress while the search runs; choosing one moves on.
 */
export function ChangeResults({
  searchId,
  onChoose,
}: {
  searchId: string;
  onChoose: (solution: Solution) => void;
}) {
  const { t } = useTranslation();
  const query = useChangeSolutions(searchId);
  const data = query.data;
  const suppliers = data?.suppliers ?? [];
  const answered = suppliers.filter((s) => s.status !== 'pending').length;
  const finished = data?.finished === true;

  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="change-search-error"
        title={t('afterSales.change.searchFailed')}
        description={query.error.message}
      />
    );
  }
  return (
    <div data-testid="change-results" aria-busy={!finished}>
      {!finished && (
        <div data-testid="change-search-progress" role="status" style={{ marginBottom: 12 }}>
          <Typography.Text>{t('afterSales.change.searching')}</Typography.Text>
          <Progress
            percent={suppliers.length > 0 ? Math.round((answered / suppliers.length) * 100) : 0}
            status="active"
            size="small"
          />
        </div>
      )}
      <Table<Solution>
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        loading={!data}
        dataSource={data?.solutions ?? []}
        onRow={(s) => ({ 'data-testid': `change-solution-${s.id}` }) as React.HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: finished ? <Empty description={t('afterSales.change.noResults')} /> : ' ',
        }}
        columns={[
          {
            key: 'flights',
            title: t('afterSales.change.flights'),
            render: (_, s) => <Flights solution={s} />,
          },
          {
            key: 'cabin',
            title: t('orders.detail.cabin'),
            render: (_, s) => t(`flight.cabin.${s.cabin}`, s.cabin),
          },
          {
            key: 'price',
            title: t('afterSales.change.price'),
            align: 'right',
            render: (_, s) => money(s.priceDetail.total),
          },
          {
            key: 'choose',
            title: '',
            render: (_, s) => (
              <Space>
                <Button size="small" type="primary" data-testid="change-choose" onClick={() => onChoose(s)}>
                  {t('afterSales.change.choose')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
