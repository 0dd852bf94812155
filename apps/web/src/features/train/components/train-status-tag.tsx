import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatusColor } from '@portal/domain/flight-order-status';
import { trainStatusLabelKey, type TrainOrderStatus } from '@portal/domain/train-order-status';
import { STATUS_TAG_COLOR } from '../../../shared/ui/status-class-tag';

/** A train order's status in its spec §4 colour. */
export function TrainStatusTag({ status, color }: { status: TrainOrderStatus; color: StatusColor }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_TAG_COLOR[color]}>{t(trainStatusLabelKey(status))}</Tag>;
}
