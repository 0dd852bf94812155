import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupOrder } from '@portal/domain/group-order';
import { Countdown } from './countdown';

/**
 * The passenger list's deadline while it is not confirmed yet (spec §4: a list missing at the
 * deadline fails the order, deposits kept); nothing once confirmed or before a quote is picked.
 */
export function PassengerListDeadline({
  list,
  active,
}: {
  list: GroupOrder['passengerList'];
  active: boolean;
}) {
  const { t } = useTranslation();
  if (!active || !list.deadline || list.state === 'confirmed') return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="group-passenger-list-deadline"
      style={{ marginBottom: 12 }}
      title={
        <>
          {t('groupOrders.passengerList.deadline')}: <Countdown deadline={list.deadline} />
        </>
      }
    />
  );
}
