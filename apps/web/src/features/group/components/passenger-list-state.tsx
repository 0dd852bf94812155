import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupOrder } from '@portal/domain/group-order';
import { Countdown } from './countdown';

const STATE_COLOR = { missing: 'warning', uploaded: 'processing', confirmed: 'success' } as const;

/** The passenger list's state and deadline (spec §4: required before the final payment, locked once confirmed). */
export function PassengerListState({ list }: { list: GroupOrder['passengerList'] }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} data-testid="group-passenger-list-state">
      <Descriptions.Item label={t('groupOrders.passengerList.state')}>
        <Tag color={STATE_COLOR[list.state]}>{t(`groupOrders.passengerList.stateLabel.${list.state}`)}</Tag>
      </Descriptions.Item>
      {list.deadline && list.state !== 'confirmed' && (
        <Descriptions.Item label={t('groupOrders.passengerList.deadline')}>
          <Countdown deadline={list.deadline} />
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
