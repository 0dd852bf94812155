import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConfirmPassengerListDialogProps {
  open: boolean;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The warning before a passenger list is confirmed (it cannot be changed afterwards). Its own
 * module so that antd's Modal loads when a confirmation is first asked for.
 */
export function ConfirmPassengerListDialog({
  open,
  confirming,
  onConfirm,
  onCancel,
}: ConfirmPassengerListDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('groupPassengers.confirmTitle')}
      okText={t('groupPassengers.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'group-passenger-confirm-ok' }}
      confirmLoading={confirming}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('groupPassengers.confirmText')}</p>
    </Modal>
  );
}
