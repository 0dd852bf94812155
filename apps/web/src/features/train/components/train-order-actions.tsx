import { Alert, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasTrainBooking } from '@portal/domain/roles';
import type { TrainOrder } from '@portal/domain/train-order';
import type { TrainOrderAction } from '@portal/domain/train-order-status';
import { RestrictedButton } from '../../../shared/company/restricted-button';
import { formatMoney } from '../../../shared/money/format-money';
import { BalancePaymentConfirm } from '../../../shared/payment/components/balance-payment-confirm';
import { useSubject } from '../../../shared/stores/subject';
import { useTrainOrderAction } from '../api/train-orders';

/**
 * The confirmation text of an action: the refund states its fee and what comes back. Paying is
 * confirmed with the balance before and after instead (`BalancePaymentConfirm`).
 */
function useConfirmText(order: TrainOrder) {
  const { t } = useTranslation();
  return (action: TrainOrderAction): string => {
    if (action === 'refund') {
      const quote = order.refundQuote;
      if (!quote || !quote.refundable) return t('trainOrders.confirm.refundDeparted');
      return t('trainOrders.confirm.refund', {
        percent: quote.percent,
        fee: formatMoney(quote.fee),
        refund: formatMoney(quote.refund),
      });
    }
    return t(`trainOrders.confirm.${action}`);
  };
}

/**
 * The actions the API allows on the order now, each after a confirmation (pay only when the
 * agency's settings allow payment); none for a user who may
 * not book trains (finance: the API's `trainBooking` rule, which refuses them every action).
 */
export function TrainOrderActions({ order }: { order: TrainOrder }) {
  const { t } = useTranslation();
  const subject = useSubject();
  const run = useTrainOrderAction();
  const confirmText = useConfirmText(order);
  const [error, setError] = useState<string | null>(null);
  const [confirmingPay, setConfirmingPay] = useState(false);
  if (order.allowedActions.length === 0 || !subject || !hasTrainBooking(subject)) return null;

  const handle = (action: TrainOrderAction, settled?: () => void) => {
    setError(null);
    run.mutate(
      { action, id: order.id },
      { onError: (e) => setError(e.message || t('common.unknownError')), onSettled: settled },
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {error && (
        <Alert type="error" showIcon role="alert" title={t('trainOrders.actionFailed')} description={error} />
      )}
      <Space wrap>
        {order.allowedActions.map((action) =>
          action === 'pay' ? (
            <RestrictedButton
              key={action}
              action="pay"
              type="primary"
              data-testid="train-order-pay"
              loading={run.isPending && run.variables.action === action}
              onClick={() => setConfirmingPay(true)}
            >
              {t(`trainOrders.actions.${action}`)}
            </RestrictedButton>
          ) : (
            <Popconfirm
              key={action}
              title={t(`trainOrders.actions.${action}`)}
              description={<span data-testid={`confirm-${action}`}>{confirmText(action)}</span>}
              okText={t(`trainOrders.actions.${action}`)}
              okButtonProps={{ danger: action === 'cancel' || action === 'refund' }}
              cancelText={t('common.cancel')}
              onConfirm={() => handle(action)}
            >
              <Button
                danger={action === 'cancel' || action === 'refund'}
                loading={run.isPending && run.variables.action === action}
              >
                {t(`trainOrders.actions.${action}`)}
              </Button>
            </Popconfirm>
          ),
        )}
      </Space>
      <BalancePaymentConfirm
        open={confirmingPay}
        amount={order.price.orderTotal}
        subject={order.bookingNumber}
        confirmLoading={run.isPending && run.variables.action === 'pay'}
        onConfirm={() => handle('pay', () => setConfirmingPay(false))}
        onCancel={() => setConfirmingPay(false)}
      />
    </Space>
  );
}
