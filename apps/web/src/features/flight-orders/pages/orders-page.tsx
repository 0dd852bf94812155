import { Alert, Button, Segmented, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/domain/paging';
import { ORDER_TYPE_FILTERS, type OrderTypeFilter } from '@portal/domain/flight-order-status';
import {
  isPendingGroupKey,
  pendingCountKey,
  PENDING_GROUPS,
  STATUS_TABS,
  type PendingGroupKey,
} from '@portal/domain/flight-order-tabs';
import { PageTitle } from '../../../shared/ui/page-title';
import { useOrders, type OrderListParams } from '../api/flight-orders';
import { useStatusCounts } from '../api/status-counts';
import { CountBadge } from '../components/count-badge';
import { OrderSearch, TEXT_FIELDS, type SearchValues } from '../components/order-search';
import { OrdersTable } from '../components/orders-table';

const TAB_KEYS = STATUS_TABS.map((tab) => tab.key);
const SEARCH_KEYS = [...TEXT_FIELDS, 'dateFrom', 'dateTo', 'status'] as const;

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The pending group of the menu link (`?group=pending-confirm`), if the URL names one. */
function readGroup(search: URLSearchParams): PendingGroupKey | undefined {
  const group = search.get('group');
  return isPendingGroupKey(group) ? group : undefined;
}

/**
 * Reads the list query from the URL (`?status=to_be_paid&page=2`). A pending group is the status
 * filter the API gets (as `pending.<group>`), in place of any `status` of the URL.
 */
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
  const group = readGroup(search);
  if (group) params.status = pendingCountKey(group);
  return params;
}

function writeParams(params: OrderListParams, group?: PendingGroupKey): URLSearchParams {
  const out = new URLSearchParams();
  if (group) out.set('group', group);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    if (key === 'sort' && value === '-bookingTime') continue;
    if (key === 'type' && value === 'all') continue;
    if (key === 'status' && group && value === pendingCountKey(group)) continue;
    out.set(key, String(value));
  }
  return out;
}

/**
 * /flight/orders: status-count tabs, type filter, advanced search and the paged order list; with
 * `?group=` (a pending-group menu entry) the list keeps to that group until its tag is closed.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const group = PENDING_GROUPS.find((entry) => entry.key === readGroup(search));
  const rows = useOrders(params);
  const counts = useStatusCounts(TAB_KEYS);
  const countOf = (key: string) => counts.data?.find((entry) => entry.status === key)?.cnt;

  /** Writes the next query; the group stays unless `keepGroup` is false or a status replaces it. */
  const update = (next: OrderListParams, keepGroup = true) => {
    const nextGroup =
      keepGroup && group && (!next.status || next.status === pendingCountKey(group.key))
        ? group.key
        : undefined;
    setSearch(writeParams(next, nextGroup));
  };

  const status = group ? undefined : params.status;
  const tabItems = [
    { key: 'all', label: t('orders.tab.all') },
    ...STATUS_TABS.map((tab) => {
      const cnt = countOf(tab.key);
      return {
        key: tab.key,
        label: (
          <span data-testid={`orders-tab-${tab.key}`}>
            {t(tab.labelKey)}{' '}
            {cnt !== undefined && (
              <CountBadge count={cnt} overflowCount={999} testId={`orders-tab-count-${tab.key}`} />
            )}
          </span>
        ),
      };
    }),
  ];
  // With a pending group no tab is active: the group's tag says what the list holds.
  const activeTab = group ? '' : status && tabItems.some((item) => item.key === status) ? status : 'all';

  const searchValues: SearchValues = {};
  for (const key of SEARCH_KEYS) {
    if (params[key] && !(key === 'status' && group)) searchValues[key] = params[key];
  }

  return (
    <div data-testid="flight-orders-page">
      <PageTitle>{t('router.flightOrders')}</PageTitle>
      {group && (
        <Tag
          color="processing"
          data-testid="orders-group"
          closable={{ 'aria-label': t('orders.pending.showAll') }}
          onClose={(event) => {
            event.preventDefault();
            update({ ...params, page: 1, status: undefined }, false);
          }}
          style={{ marginBottom: 8 }}
        >
          {t('orders.pending.active', { group: t(group.labelKey) })}
        </Tag>
      )}
      <Tabs
        activeKey={activeTab}
        items={tabItems}
        onChange={(key) => update({ ...params, page: 1, status: key === 'all' ? undefined : key }, false)}
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
        type={params.type}
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
