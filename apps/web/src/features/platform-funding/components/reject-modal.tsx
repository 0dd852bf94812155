import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_TEXT_MAX } from '@portal/domain/money-request-fields';

/** Asks the reason of a rejection (required) before it is sent. */
export function RejectModal({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [pending, setPending] = useState(false);

  const handleOk = async () => {
    const { reason } = await form.validateFields();
    setPending(true);
    try {
      await onSubmit(reason.trim());
      form.resetFields();
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('platformFunding.rejectTitle')}
      okText={t('platformFunding.reject')}
      okButtonProps={{ danger: true, loading: pending }}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="reject-form">
        <Form.Item
          name="reason"
          label={t('platformFunding.reason')}
          rules={[
            { required: true, whitespace: true, message: t('platformFunding.reasonRequired') },
            { max: APPROVAL_TEXT_MAX },
          ]}
        >
          <Input.TextArea rows={3} maxLength={APPROVAL_TEXT_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
