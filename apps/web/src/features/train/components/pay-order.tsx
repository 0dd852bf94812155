import { Alert, Button, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainOrder } from '@portal/domain/train-order';
import { RestrictedButton } from '../../../shared/company/restricted-button';
import { formatDateTime } from '../../../shared/dates/format-date';
import { formatMoney } from '../../../shared/money/format-money';
import { BalancePaymentConfirm } from '../../../shared/payment/components/balance-payment-confirm';
import { useTrainOrderAction } from '../api/train-orders';

/** A booked order: its number, total and deadline, paid with the balance after a confirmation. */
export function PayOrder({ order, onDone }: { order: TrainOrder; onDone: () => void }) {
  const { t } = useTranslation();
  const pay = useTrainOrderAction();
  const [paidError, setPaidError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const amount = formatMoney(order.price.orderTotal);

  const handlePay = () => {
    setPaidError(null);
    pay.mutate(
      { action: 'pay', id: order.id },
      {
        onSettled: () => setConfirming(false),
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
        <RestrictedButton
          action="pay"
          type="primary"
          loading={pay.isPending}
          data-testid="train-pay-submit"
          onClick={() => setConfirming(true)}
        >
          {t('trainBooking.pay.submit')}
        </RestrictedButton>
        <BalancePaymentConfirm
          open={confirming}
          amount={order.price.orderTotal}
          subject={order.bookingNumber}
          confirmLoading={pay.isPending}
          onConfirm={handlePay}
          onCancel={() => setConfirming(false)}
        />
        <Button onClick={onDone}>{t('trainBooking.pay.later')}</Button>
      </Space>
    </Space>
  );
}
