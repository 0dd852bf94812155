import { useTranslation } from 'react-i18next';
import { isFlightOrderStatus, statusColor, statusLabelKey } from '@portal/domain/flight-order-status';
import { StatusClassTag } from '../../../shared/ui/status-class-tag';

/** A status tag with its spec §4 colour class (`status-<class>`, `data-status-color`). */
export function StatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusClassTag status={status} color={statusColor(status)} testId={testId}>
      {isFlightOrderStatus(status) ? t(statusLabelKey(status)) : status}
    </StatusClassTag>
  );
}
