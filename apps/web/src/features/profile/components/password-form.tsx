import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidNewPassword } from '@portal/domain/account-options';
import { useSessionStore } from '../../../shared/stores/session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { changePassword } from '../api/change-password';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Password change (spec §5: new password 6-15 characters, confirmation must match). */
export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const handleFinish = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      // A temporary password is now the user's own: every page opens again.
      const { userInfo, updateUserInfo } = useSessionStore.getState();
      if (userInfo?.mustChangePassword) updateUserInfo({ ...userInfo, mustChangePassword: false });
      void toast().success(t('profile.password.success'));
      form.resetFields();
    } catch {
      // Shown by the client (for example the wrong current password).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('profile.password.title')}</h2>}>
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        aria-label={t('profile.password.title')}
        data-testid="password-form"
      >
        <Form.Item
          label={t('profile.password.old')}
          name="oldPassword"
          rules={[{ required: true, message: t('profile.password.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('profile.password.new')}
          name="newPassword"
          rules={[
            {
              validator: (_rule, value: unknown) =>
                typeof value === 'string' && isValidNewPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('profile.password.length'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('profile.password.confirm')}
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('profile.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('profile.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
