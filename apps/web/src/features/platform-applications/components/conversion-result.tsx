import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConvertedApplication } from '@portal/domain/platform-agencies';

/** The new agency and its super admin's temporary password: shown here once, never again. */
export function ConversionResult({ result, onClose }: { result: ConvertedApplication; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('platformApplications.result.title', { name: result.agency.name })}
      okText={t('platformApplications.result.done')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <div data-testid="conversion-result">
        <Alert
          type="warning"
          showIcon
          title={t('platformApplications.result.once')}
          style={{ marginBottom: 16 }}
        />
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('platformApplications.result.partnerCode')}>
            {result.agency.partnerCode}
          </Descriptions.Item>
          <Descriptions.Item label={t('platformApplications.result.username')}>
            {result.superAdmin.username}
          </Descriptions.Item>
          <Descriptions.Item label={t('platformApplications.result.password')}>
            <Typography.Text
              code
              data-testid="temporary-password"
              copyable={{ text: result.superAdmin.temporaryPassword }}
              style={{ fontSize: 18 }}
            >
              {result.superAdmin.temporaryPassword}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Alert
          type={result.email.queued ? 'info' : 'error'}
          showIcon
          title={
            result.email.queued
              ? t('platformApplications.result.emailQueued', { email: result.email.to })
              : t('platformApplications.result.emailFailed', { email: result.email.to })
          }
        />
      </div>
    </Modal>
  );
}
