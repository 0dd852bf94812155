import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { UserLogEntry, UserLogPage } from '@portal/domain/user-log';
import { formatDateTime } from '../../../shared/dates/format-date';
import { PagedTable, type PagedList } from '../../../shared/ui/paged-table';
import { UserLogDetails } from './user-log-details';
import { UserLogSentence } from './user-log-sentence';
import type { Counted } from '../../../shared/api/keyset';

interface UserLogTableProps extends PagedList<Counted<UserLogPage>> {
  onChange: (page: number, pageSize: number) => void;
}

/** The log's rows, newest first, with server paging. */
export function UserLogTable({ onChange, ...list }: UserLogTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<UserLogEntry> = [
    {
      key: 'time',
      title: t('userLog.field.time'),
      render: (_, row) => formatDateTime(row.createdAt, { seconds: true }),
    },
    {
      key: 'user',
      title: t('userLog.field.user'),
      render: (_, row) => row.username ?? (row.userId === null ? '' : `#${row.userId}`),
    },
    {
      key: 'action',
      title: t('userLog.field.description'),
      render: (_, row) => <UserLogSentence row={row} />,
    },
    {
      key: 'outcome',
      title: t('userLog.field.outcome'),
      render: (_, row) => (
        <Tag color={row.outcome === 'ok' ? 'success' : 'error'}>{t(`userLog.outcome.${row.outcome}`)}</Tag>
      ),
    },
    { key: 'ip', title: t('userLog.field.ip'), render: (_, row) => row.ip ?? '' },
    {
      key: 'userAgent',
      title: t('userLog.field.userAgent'),
      render: (_, row) => (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }} title={row.userAgent ?? ''}>
          {row.userAgent ?? ''}
        </Typography.Text>
      ),
    },
    { key: 'details', title: t('userLog.details.button'), render: (_, row) => <UserLogDetails row={row} /> },
  ];
  return (
    <PagedTable<UserLogEntry>
      {...list}
      testId="user-log-table"
      label={t('router.userLog')}
      keyColumn="user"
      actionColumn="details"
      rowKey="id"
      columns={columns}
      emptyText={t('userLog.list.empty')}
      totalText={(total) => t('userLog.list.total', { total })}
      onChange={onChange}
    />
  );
}
