import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisruptionStatus, DisruptionType } from '@portal/domain/after-sales';
import { disruptionStatusKey, disruptionTypeKey } from '@portal/domain/disruption-keys';

const TYPE_COLORS: Record<DisruptionType, string> = {
  change: 'orange',
  cancel_unprotected: 'red',
  cancel_protected: 'volcano',
  restore: 'green',
};

const STATUS_COLORS: Record<DisruptionStatus, string> = {
  open: 'processing',
  acknowledged: 'default',
  accepted: 'success',
  refund_requested: 'warning',
};

/** The disruption's type (spec §3) as a coloured tag. */
export function DisruptionTypeTag({ type }: { type: DisruptionType }) {
  const { t } = useTranslation();
  return (
    <Tag color={TYPE_COLORS[type]} data-testid="disruption-type">
      {t(disruptionTypeKey(type))}
    </Tag>
  );
}

export function DisruptionStatusTag({ status }: { status: DisruptionStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="disruption-status">
      {t(disruptionStatusKey(status))}
    </Tag>
  );
}
