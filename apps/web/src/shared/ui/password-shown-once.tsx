import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface PasswordShownOnceProps {
  username: string;
  password: string;
  onClose: () => void;
}

/**
 * A temporary password the server made (a new or reset user, an agency's super admin): shown here
 * once, with a copy button, never again.
 */
export function PasswordShownOnce({ username, password, onClose }: PasswordShownOnceProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('usersPage.passwordTitle', { username })}
      okText={t('usersPage.passwordDone')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <div data-testid="temporary-password">
        <Alert type="warning" showIcon title={t('usersPage.passwordOnce')} style={{ marginBottom: 16 }} />
        <Typography.Text code copyable={{ text: password }} style={{ fontSize: 18 }}>
          {password}
        </Typography.Text>
      </div>
    </Modal>
  );
}
