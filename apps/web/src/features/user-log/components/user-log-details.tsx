import { Button, Popover } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserLogEntry } from '@portal/domain/user-log';
import type { UserLogDetailItem } from './user-log-details-list';

// antd's Descriptions loads when a row's details are first opened, not with the page.
const UserLogDetailsList = lazy(async () => ({
  default: (await import('./user-log-details-list')).UserLogDetailsList,
}));

/**
 * The technical side of a row for whoever needs it: method and route pattern, the raw target id,
 * the action code and the error code. A button opens it, so the keyboard reaches it (Enter or
 * Space opens, Escape closes).
 */
export function UserLogDetails({ row }: { row: UserLogEntry }) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'route',
      label: t('userLog.details.route'),
      value: row.route ? `${row.method ?? ''} ${row.route}` : null,
    },
    { key: 'targetKind', label: t('userLog.details.targetKind'), value: row.targetRef?.kind ?? null },
    { key: 'targetId', label: t('userLog.details.targetId'), value: row.target },
    { key: 'event', label: t('userLog.details.event'), value: row.event },
    { key: 'code', label: t('userLog.details.code'), value: row.code === null ? null : String(row.code) },
  ].filter((item): item is UserLogDetailItem => item.value !== null && item.value !== '');
  if (items.length === 0) return null;
  return (
    <Popover
      trigger="click"
      title={t('userLog.details.title')}
      content={
        <Suspense fallback={null}>
          <UserLogDetailsList items={items} />
        </Suspense>
      }
    >
      <Button size="small" type="link" data-testid="user-log-details-button">
        {t('userLog.details.button')}
      </Button>
    </Popover>
  );
}
