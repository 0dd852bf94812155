import { Alert, Button, Descriptions, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainOrder } from '@portal/domain/train-order';
import { RestrictedButton } from '../../../shared/company/restricted-button';
import { formatDateTime } from '../../../shared/dates/format-date';
import { formatMoney } from '../../../shared/money/format-money';
import { useTrainOrderAction } from '../api/train-orders';

/** A booked order: its number, total and deadline, paid with the balance after a confirmation. */
export function PayOrder({ order, onDone }: { order: TrainOrder; onDone: () => void }) {
  const { t } = useTranslation();
  const pay = useTrainOrderAction();
  const [paidError, setPaidError] = useState<string | null>(null);
  const amount = formatMoney(order.price.orderTotal);

  const handlePay = () => {
    setPaidError(null);
    pay.mutate(
      { action: 'pay', id: order.id },
      {
        onSuccess: onDone,
        onError: (e) => setPaidError(e.message || t('common.unknownError')),
      },
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="train-pay">
      <Alert type="success" showIcon title={t('trainBooking.pay.created')} />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('trainOrders.bookingNumber')}>{order.bookingNumber}</Descriptions.Item>
        <Descriptions.Item label={t('trainOrders.total')}>{amount}</Descriptions.Item>
        {order.paymentDeadline && (
          <Descriptions.Item label={t('trainOrders.paymentDeadline')}>
            {formatDateTime(order.paymentDeadline)}
          </Descriptions.Item>
        )}
      </Descriptions>
      {paidError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('trainBooking.pay.failed')}
          description={paidError}
        />
      )}
      <Space>
        <Popconfirm
          title={t('trainBooking.pay.confirm', { amount })}
          okText={t('trainBooking.pay.submit')}
          cancelText={t('common.cancel')}
          onConfirm={handlePay}
        >
          <RestrictedButton
            action="pay"
            type="primary"
            loading={pay.isPending}
            data-testid="train-pay-submit"
          >
            {t('trainBooking.pay.submit')}
          </RestrictedButton>
        </Popconfirm>
        <Button onClick={onDone}>{t('trainBooking.pay.later')}</Button>
      </Space>
    </Space>
  );
}
