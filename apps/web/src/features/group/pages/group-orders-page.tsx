import { Badge, Button, Input, Menu, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  GROUP_MENU_STATUSES,
  groupStatusLabelKey,
  isGroupOrderStatus,
  type GroupOrderStatus,
} from '@portal/domain/group-order-status';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useGroupOrders, useGroupStatusCounts, type GroupListParams } from '../api/group-orders';
import { GroupOrdersTable } from '../components/group-orders-table';

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The list query from the URL (`?status=to_be_confirm&page=2&bookingNumber=G…`). */
function readParams(search: URLSearchParams): GroupListParams {
  const status = search.get('status');
  return {
    page: positive(search.get('page'), 1),
    pageSize: positive(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: search.get('sort') === 'createdAt' ? 'createdAt' : '-createdAt',
    status: isGroupOrderStatus(status) ? status : undefined,
    bookingNumber: search.get('bookingNumber')?.trim() || undefined,
  };
}

function writeParams(params: GroupListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.status) out.set('status', params.status);
  if (params.bookingNumber) out.set('bookingNumber', params.bookingNumber);
  if (params.page !== 1) out.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(params.pageSize));
  if (params.sort !== '-createdAt') out.set('sort', params.sort);
  return out;
}

/**
 * /flight/group/order: the status routes of spec §2 as tabs with their counts (`?status=` is
 * the route), a booking number search and the paged list.
 */
export function GroupOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const rows = useGroupOrders(params);
  const counts = useGroupStatusCounts();
  const countOf = (status: GroupOrderStatus) => counts.data?.find((entry) => entry.status === status)?.cnt;
  const update = (next: GroupListParams) => setSearch(writeParams(next));

  const tabs = [
    { key: 'all', label: t('groupOrders.list.all') },
    ...GROUP_MENU_STATUSES.map((status) => {
      const cnt = countOf(status);
      return {
        key: status,
        label: (
          <span data-testid={`group-tab-${status}`}>
            {t(groupStatusLabelKey(status))}{' '}
            {cnt !== undefined && (
              <Badge
                count={cnt}
                showZero
                overflowCount={999}
                color={cnt > 0 ? 'blue' : 'grey'}
                data-testid={`group-tab-count-${status}`}
              />
            )}
          </span>
        ),
      };
    }),
  ];

  return (
    <div data-testid="group-orders-page">
      <PageTitle>{t('router.groupOrders')}</PageTitle>
      {/* A horizontal menu, not tabs: the statuses filter one list (no tab panels), and the entries
          that do not fit go under a "more" entry the menu's own roles allow (tabs put a button
          inside their tablist, which screen readers and axe reject). */}
      <Menu
        mode="horizontal"
        aria-label={t('router.groupOrders')}
        selectedKeys={[params.status ?? 'all']}
        items={tabs}
        onClick={({ key }) =>
          update({ ...params, page: 1, status: isGroupOrderStatus(key) ? key : undefined })
        }
        style={{ marginBottom: 16, background: 'transparent' }}
      />
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          key={params.bookingNumber ?? ''}
          allowClear
          aria-label={t('groupOrders.field.bookingNumber')}
          placeholder={t('groupOrders.field.bookingNumber')}
          defaultValue={params.bookingNumber}
          maxLength={64}
          onSearch={(value) => update({ ...params, page: 1, bookingNumber: value.trim() || undefined })}
          style={{ width: 260 }}
        />
        <Button type="primary" onClick={() => void navigate('/flight/group/booking')}>
          {t('groupOrders.list.newRequest')}
        </Button>
      </Space>
      {rows.isError ? (
        <QueryError
          title={t('groupOrders.list.error')}
          error={rows.error}
          onRetry={() => void rows.refetch()}
        />
      ) : (
        <GroupOrdersTable
          data={rows.data}
          page={params.page}
          pageSize={params.pageSize}
          loading={rows.isFetching}
          sortOrder={params.sort === 'createdAt' ? 'ascend' : 'descend'}
          onChange={(page, pageSize, order) =>
            update({ ...params, page, pageSize, sort: order === 'ascend' ? 'createdAt' : '-createdAt' })
          }
        />
      )}
    </div>
  );
}
