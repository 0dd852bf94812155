import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/format-date';
import type { IssuedApiKey } from '../api/agencies';

interface ApiKeyShownOnceProps {
  agencyName: string;
  issued: IssuedApiKey;
  onClose: () => void;
}

/** A new API key: shown here once with a copy button; the server keeps only its hash. */
export function ApiKeyShownOnce({ agencyName, issued, onClose }: ApiKeyShownOnceProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('agencyManager.apiKey.title', { name: agencyName })}
      okText={t('agencyManager.apiKey.done')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <div data-testid="api-key">
        <Alert type="warning" showIcon title={t('agencyManager.apiKey.once')} style={{ marginBottom: 16 }} />
        <Typography.Paragraph>
          <Typography.Text code copyable={{ text: issued.apiKey }} style={{ wordBreak: 'break-all' }}>
            {issued.apiKey}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {t('agencyManager.apiKey.issued', { prefix: issued.prefix, at: formatDateTime(issued.createdAt) })}
        </Typography.Text>
      </div>
    </Modal>
  );
}
