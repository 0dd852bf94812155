import { useTranslation } from 'react-i18next';
import { groupStatusColor, groupStatusLabelKey, isGroupOrderStatus } from '@portal/domain/group-order-status';
import { StatusClassTag } from '../../../shared/ui/status-class-tag';

/** A group status tag with its spec §4 colour class (`status-<class>`, `data-status-color`). */
export function GroupStatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusClassTag status={status} color={groupStatusColor(status)} testId={testId}>
      {isGroupOrderStatus(status) ? t(groupStatusLabelKey(status)) : status}
    </StatusClassTag>
  );
}
