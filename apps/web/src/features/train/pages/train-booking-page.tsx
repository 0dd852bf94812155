import { Space } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TrainOffer, TrainSearchRequest, TrainSeat } from '@portal/domain/rail';
import { filterTrains, type TrainFilter } from '@portal/domain/rail-rules';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useTrainSearch } from '../api/search-trains';
import { SupplierErrors } from '../components/supplier-errors';
import { TrainFilters } from '../components/train-filters';
import { TrainList } from '../components/train-list';
import { TrainSearchForm } from '../components/train-search-form';
import { sortTrains, type TrainSort } from '../lib/sort-trains';

// The booking drawer (passenger form, review, payment) loads when a seat class is first picked.
const TrainBookingDrawer = lazy(async () => ({
  default: (await import('../components/train-booking-drawer')).TrainBookingDrawer,
}));

/** /train/booking: search trains by stations and date, filter and sort them, and book a seat class. */
export function TrainBookingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [request, setRequest] = useState<TrainSearchRequest | null>(null);
  const [filter, setFilter] = useState<TrainFilter>({});
  const [sort, setSort] = useState<TrainSort>('departure');
  const [picked, setPicked] = useState<{ train: TrainOffer; seat: TrainSeat } | null>(null);
  const search = useTrainSearch(request);

  const trains = useMemo(
    () => sortTrains(filterTrains(search.data?.trains ?? [], filter), sort),
    [search.data, filter, sort],
  );

  const handleSearch = (next: TrainSearchRequest) => {
    setFilter({});
    setRequest(next);
    if (request && JSON.stringify(request) === JSON.stringify(next)) void search.refetch();
  };

  return (
    <section>
      <PageTitle>{t('router.trainBooking')}</PageTitle>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <TrainSearchForm loading={search.isFetching} onSearch={handleSearch} />
        {search.isError && (
          <QueryError
            title={t('trainBooking.searchError')}
            error={search.error}
            onRetry={() => void search.refetch()}
          />
        )}
        {search.data && <SupplierErrors suppliers={search.data.suppliers} />}
        {search.data && search.data.trains.length > 0 && (
          <TrainFilters
            trains={search.data.trains}
            filter={filter}
            onFilter={setFilter}
            sort={sort}
            onSort={setSort}
          />
        )}
        {request && !search.isError && (
          <TrainList
            trains={trains}
            loading={search.isFetching}
            onPick={(train, seat) => setPicked({ train, seat })}
          />
        )}
      </Space>
      {picked && (
        <Suspense fallback={null}>
          <TrainBookingDrawer
            train={picked.train}
            seat={picked.seat}
            onClose={() => setPicked(null)}
            onDone={(orderId) => void navigate(`/train/orders?id=${orderId}`)}
          />
        </Suspense>
      )}
    </section>
  );
}
