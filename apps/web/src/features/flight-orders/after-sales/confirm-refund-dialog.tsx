import { Alert, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/domain/flight-order';
import { useConfirmRefund } from '../api/after-sales';
import { money, timestamp } from '../lib/format';
import { toast } from '../../../shared/ui/message-bridge';

interface ConfirmRefundDialogProps {
  order: FlightOrder;
  open: boolean;
  onClose: () => void;
}

/**
 * The agent's confirmation of the supplier's refund quote: the refundable total and the deadline,
 * then the confirmation. Its own module so that antd's Modal loads when it is first asked for.
 */
export function ConfirmRefundDialog({ order, open, onClose }: ConfirmRefundDialogProps) {
  const { t } = useTranslation();
  const message = toast();
  const confirm = useConfirmRefund(order.id);
  const refundable = order.afterSales?.quote?.refundableTotal ?? order.price.refundableTotal;
  const deadline = order.afterSales?.confirmDeadline ?? order.confirmDeadline ?? null;

  return (
    <Modal
      open={open}
      title={t('afterSales.confirm.title')}
      okText={t('afterSales.confirm.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: confirm.isPending, 'data-testid': 'confirm-refund-ok' }}
      onCancel={onClose}
      onOk={() =>
        confirm.mutate(undefined, {
          onSuccess: () => {
            onClose();
            void message.success(t('afterSales.confirm.done'));
          },
        })
      }
    >
      <div data-testid="confirm-refund-dialog">
        <p>{t('afterSales.confirm.text')}</p>
        <Descriptions size="small" column={1}>
          {refundable && (
            <Descriptions.Item label={t('orders.price.refundableTotal')}>
              <strong data-testid="confirm-refund-total">{money(refundable)}</strong>
            </Descriptions.Item>
          )}
          {deadline && (
            <Descriptions.Item label={t('afterSales.detail.confirmDeadline')}>
              <span data-testid="confirm-refund-deadline">{timestamp(deadline)}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
        {confirm.error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="confirm-refund-error"
            title={confirm.error.message || t('afterSales.confirm.failed')}
          />
        )}
      </div>
    </Modal>
  );
}
