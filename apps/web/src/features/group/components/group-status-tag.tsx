import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatusColor } from '@portal/domain/flight-order-status';
import { groupStatusColor, groupStatusLabelKey, isGroupOrderStatus } from '@portal/domain/group-order-status';

/** antd Tag colours for the spec's colour classes. */
const TAG_COLOR: Record<StatusColor, string> = {
  success: 'success',
  warning: 'warning',
  primary: 'processing',
  error: 'error',
  info: 'default',
};

/** A group status tag with its spec §4 colour class (`status-<class>`, `data-status-color`). */
export function GroupStatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  const color = groupStatusColor(status);
  return (
    <Tag
      color={TAG_COLOR[color]}
      className={`status-${color}`}
      data-status-color={color}
      data-status={status}
      data-testid={testId}
    >
      {isGroupOrderStatus(status) ? t(groupStatusLabelKey(status)) : status}
    </Tag>
  );
}
