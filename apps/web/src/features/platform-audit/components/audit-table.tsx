import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { PlatformAuditPage, PlatformAuditRecord } from '@portal/domain/platform-schemas';
import { formatDateTime } from '../../../shared/dates/format-date';
import { PagedTable, type PagedList } from '../../../shared/ui/paged-table';
import { AuditChange } from './audit-change';

interface AuditTableProps extends PagedList<PlatformAuditPage> {
  onChange: (page: number, pageSize: number) => void;
}

/** The audit rows, newest first, with server paging. */
export function AuditTable({ onChange, ...list }: AuditTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<PlatformAuditRecord> = [
    {
      key: 'at',
      title: t('platform.audit.field.at'),
      render: (_, row) => formatDateTime(row.at, { seconds: true }),
    },
    {
      key: 'admin',
      title: t('platform.audit.field.admin'),
      render: (_, row) => row.admin?.username ?? t('platform.audit.noAdmin'),
    },
    {
      key: 'action',
      title: t('platform.audit.field.action'),
      render: (_, row) => (
        <Tag color={row.action.endsWith('Refused') ? 'error' : undefined}>{row.action}</Tag>
      ),
    },
    {
      key: 'target',
      title: t('platform.audit.field.target'),
      render: (_, row) => (row.targetId ? `${row.targetType} ${row.targetId}` : row.targetType),
    },
    {
      key: 'change',
      title: t('platform.audit.field.change'),
      render: (_, row) => <AuditChange before={row.before} after={row.after} />,
    },
    {
      key: 'approvedBy',
      title: t('platform.audit.field.approvedBy'),
      render: (_, row) => row.approvedBy?.username ?? '',
    },
    { key: 'note', title: t('platform.audit.field.note'), render: (_, row) => row.note ?? '' },
  ];
  return (
    <PagedTable<PlatformAuditRecord>
      {...list}
      testId="platform-audit-table"
      label={t('platformShell.page.audit')}
      keyColumn="action"
      rowKey="id"
      columns={columns}
      emptyText={t('platform.audit.empty')}
      totalText={(total) => t('platform.audit.total', { total })}
      onChange={onChange}
    />
  );
}
