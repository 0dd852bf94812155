import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/domain/flight-order';
import { PaymentPanel } from '../../../shared/payment/components/payment-panel';

interface PayOtherDialogProps {
  order: FlightOrder;
  open: boolean;
  onClose: () => void;
}

/** "Pay another way" on an order's page: the payment channels, their QR code and checkout. */
export function PayOtherDialog({ order, open, onClose }: PayOtherDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('orders.detail.payOther')}
      footer={null}
      width={720}
      destroyOnHidden
      onCancel={onClose}
    >
      <PaymentPanel order={order} context="existing" onPaid={onClose} />
    </Modal>
  );
}
