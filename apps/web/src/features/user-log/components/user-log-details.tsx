import { Button, Descriptions, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserLogEntry } from '@portal/domain/user-log';

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
  ].filter((item) => item.value !== null && item.value !== '');
  if (items.length === 0) return null;
  return (
    <Popover
      trigger="click"
      title={t('userLog.details.title')}
      content={
        <Descriptions
          size="small"
          column={1}
          data-testid="user-log-details"
          items={items.map((item) => ({
            key: item.key,
            label: item.label,
            children: <code style={{ wordBreak: 'break-all' }}>{item.value}</code>,
          }))}
        />
      }
    >
      <Button size="small" type="link" data-testid="user-log-details-button">
        {t('userLog.details.button')}
      </Button>
    </Popover>
  );
}
