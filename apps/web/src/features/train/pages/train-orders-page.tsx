import { Card, Empty } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useTrainOrders, type TrainOrderFilters } from '../api/train-orders';
import { TrainOrderFiltersForm } from '../components/train-order-filters';
import { TrainOrdersTable } from '../components/train-orders-table';

// An order's detail drawer (timeline, documents, refund, payment) loads when an order is first opened.
const TrainOrderDetail = lazy(async () => ({
  default: (await import('../components/train-order-detail')).TrainOrderDetail,
}));

/** /train/orders ('Train ticket booking'): the agency's train orders, filters, and an order's detail. */
export function TrainOrdersPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TrainOrderFilters>({});
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const orders = useTrainOrders(filters, page);

  const handleOpen = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: true },
    );

  return (
    <section>
      <PageTitle>{t('router.trainOrders')}</PageTitle>
      <Card>
        <TrainOrderFiltersForm
          onApply={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        {orders.isError ? (
          <QueryError
            title={t('trainOrders.loadError')}
            error={orders.error}
            onRetry={() => void orders.refetch()}
          />
        ) : (
          <TrainOrdersTable
            orders={orders.data?.list ?? []}
            loading={orders.isFetching}
            empty={<Empty description={t('trainOrders.empty')} />}
            pagination={{ current: page, total: orders.data?.total ?? 0, onChange: setPage }}
            onOpen={handleOpen}
          />
        )}
      </Card>
      {openId && (
        <Suspense fallback={null}>
          <TrainOrderDetail id={openId} onClose={() => handleOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
