import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_CANCEL_REASON_MAX } from '@portal/domain/group-request';

interface CancelDialogProps {
  open: boolean;
  sending: boolean;
  /** Deposits already paid are kept by the desk: the dialog says so before the cancel. */
  depositsPaid: string | null;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

/** Cancels a group order with the reason spec §5 requires. */
export function CancelDialog({ open, sending, depositsPaid, onCancel, onSubmit }: CancelDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Modal
      open={open}
      title={t('groupOrders.cancel.title')}
      okText={t('groupOrders.cancel.submit')}
      okButtonProps={{ danger: true, loading: sending }}
      cancelText={t('groupOrders.common.back')}
      onCancel={onCancel}
      afterClose={() => {
        setReason('');
        setTouched(false);
      }}
      onOk={() => {
        setTouched(true);
        if (!missing) onSubmit(reason.trim());
      }}
    >
      <p>{t('groupOrders.cancel.text')}</p>
      {depositsPaid && <p>{t('groupOrders.cancel.depositsKept', { amount: depositsPaid })}</p>}
      <Form layout="vertical" component="div">
        <Form.Item
          required
          label={t('groupOrders.cancel.reason')}
          htmlFor="group-cancel-reason"
          validateStatus={touched && missing ? 'error' : undefined}
          help={touched && missing ? t('groupOrders.cancel.reasonRequired') : undefined}
        >
          <Input.TextArea
            id="group-cancel-reason"
            rows={3}
            maxLength={GROUP_CANCEL_REASON_MAX}
            showCount
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
