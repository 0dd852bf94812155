import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatusColor } from '@portal/domain/flight-order-status';
import { trainStatusLabelKey, type TrainOrderStatus } from '@portal/domain/train-order-status';

const TAG_COLORS: Record<StatusColor, string> = {
  success: 'success',
  warning: 'warning',
  primary: 'processing',
  error: 'error',
  info: 'default',
};

/** A train order's status in its spec §4 colour. */
export function TrainStatusTag({ status, color }: { status: TrainOrderStatus; color: StatusColor }) {
  const { t } = useTranslation();
  return <Tag color={TAG_COLORS[color]}>{t(trainStatusLabelKey(status))}</Tag>;
}
