import { Alert, Badge, Button, Segmented, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/domain/flight-order';
import {
  ORDER_TYPE_FILTERS,
  PENDING_GROUPS,
  STATUS_TABS,
  type OrderTypeFilter,
} from '@portal/domain/flight-order-status';
import { PageTitle } from '../../../shared/ui/page-title';
import { useOrders, useStatusCounts, type OrderListParams } from '../api/flight-orders';
import { OrderSearch, TEXT_FIELDS, type SearchValues } from '../components/order-search';
import { OrdersTable } from '../components/orders-table';

const TAB_KEYS = STATUS_TABS.map((tab) => tab.key);
const SEARCH_KEYS = [...TEXT_FIELDS, 'dateFrom', 'dateTo', 'status'] as const;

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** Reads the list query from the URL (`?status=to_be_paid&page=2`). */
function readParams(search: URLSearchParams): OrderListParams {
  const params: OrderListParams = {
    page: positive(search.get('page'), 1),
    pageSize: positive(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: search.get('sort') === 'bookingTime' ? 'bookingTime' : '-bookingTime',
  };
  for (const key of SEARCH_KEYS) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  const type = search.get('type');
  params.type = (ORDER_TYPE_FILTERS as readonly string[]).includes(type ?? '')
    ? (type as OrderTypeFilter)
    : 'all';
  return params;
}

function writeParams(params: OrderListParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    if (key === 'sort' && value === '-bookingTime') continue;
    if (key === 'type' && value === 'all') continue;
    out.set(key, String(value));
  }
  return out;
}

/** /flight/orders: status-count tabs, type filter, advanced search and the paged order list. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const rows = useOrders(params);
  const counts = useStatusCounts(TAB_KEYS);
  const countOf = (key: string) => counts.data?.find((entry) => entry.status === key)?.cnt;

  const update = (next: OrderListParams) => setSearch(writeParams(next));

  const status = params.status;
  const group = PENDING_GROUPS.find(
    (entry) => entry.key === status && !TAB_KEYS.includes(entry.key as never),
  );
  const tabItems = [
    { key: 'all', label: t('orders.tab.all') },
    ...STATUS_TABS.map((tab) => {
      const cnt = countOf(tab.key);
      return {
        key: tab.key,
        label: (
          <span data-testid={`orders-tab-${tab.key}`}>
            {t(`orders.tab.${tab.key}`)}{' '}
            {cnt !== undefined && (
              <Badge
                count={cnt}
                showZero
                overflowCount={999}
                color={cnt > 0 ? 'blue' : 'grey'}
                data-testid={`orders-tab-count-${tab.key}`}
              />
            )}
          </span>
        ),
      };
    }),
    ...(group ? [{ key: group.key, label: t(`orders.pending.${group.key}`) }] : []),
  ];
  const activeTab = !status ? 'all' : tabItems.some((item) => item.key === status) ? status : 'all';

  const searchValues: SearchValues = {};
  for (const key of SEARCH_KEYS) {
    if (params[key]) searchValues[key] = params[key];
  }

  return (
    <div data-testid="flight-orders-page">
      <PageTitle>{t('router.flightOrders')}</PageTitle>
      <Tabs
        activeKey={activeTab}
        items={tabItems}
        onChange={(key) => update({ ...params, page: 1, status: key === 'all' ? undefined : key })}
      />
      <Segmented
        aria-label={t('orders.field.type')}
        data-testid="orders-type-filter"
        style={{ marginBottom: 16 }}
        value={params.type ?? 'all'}
        options={ORDER_TYPE_FILTERS.map((type) => ({ value: type, label: t(`orders.type.${type}`) }))}
        onChange={(type) => update({ ...params, page: 1, type: type })}
      />
      <OrderSearch
        values={searchValues}
        onApply={(values) =>
          update({ page: 1, pageSize: params.pageSize, sort: params.sort, type: params.type, ...values })
        }
      />
      {rows.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="orders-error"
          title={t('orders.list.error')}
          description={rows.error.message}
          action={
            <Button size="small" onClick={() => void rows.refetch()}>
              {t('orders.list.retry')}
            </Button>
          }
        />
      ) : (
        <OrdersTable
          data={rows.data}
          page={params.page}
          pageSize={params.pageSize}
          loading={rows.isFetching}
          sortOrder={params.sort === 'bookingTime' ? 'ascend' : 'descend'}
          onChange={(page, pageSize, order) =>
            update({ ...params, page, pageSize, sort: order === 'ascend' ? 'bookingTime' : '-bookingTime' })
          }
        />
      )}
    </div>
  );
}
