import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TopAgency } from '@portal/domain/platform-agencies';
import { PLATFORM_AGENCY_LIMITS } from '@portal/domain/platform-agency-options';
import { useSuspendAgency } from '../api/agencies';

/** Asks for the reason and confirms the suspension of a top-level agency and its sub-agencies. */
export function SuspendModal({ agency, onClose }: { agency: TopAgency; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const suspend = useSuspendAgency();

  const handleFinish = async ({ reason }: { reason: string }) => {
    await suspend.mutateAsync({ id: agency.id, reason: reason.trim() });
    onClose();
  };

  return (
    <Modal
      open
      title={t('platformAgencies.suspend.title', { name: agency.name })}
      okText={t('platformAgencies.suspend.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('platformAgencies.suspend.cancel')}
      confirmLoading={suspend.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title={t('platformAgencies.suspend.warning', { count: agency.subAgencies })}
        style={{ marginBottom: 16 }}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void handleFinish(values).catch(() => undefined)}
      >
        <Form.Item
          name="reason"
          label={t('platformAgencies.suspend.reason')}
          rules={[
            { required: true, whitespace: true, message: t('platformAgencies.suspend.reasonRequired') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={PLATFORM_AGENCY_LIMITS.reason} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
