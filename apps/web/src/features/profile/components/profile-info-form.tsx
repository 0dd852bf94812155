import { Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@portal/domain/auth';
import { DEFAULT_REGION } from '@portal/domain/locale';
import { useSessionStore } from '../../../shared/stores/session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { updateMe } from '../api/update-me';
import { AREA_CODES } from '../area-codes';

interface InfoValues {
  nickname: string;
  areaCode: string;
  mobile: string;
}

/** Profile fields of spec §3: username, nickname (editable), email (read-only), mobile, role, status. */
export function ProfileInfoForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  const handleFinish = async (values: InfoValues) => {
    setSaving(true);
    try {
      const number = values.mobile.trim();
      const me = await updateMe({
        nickname: values.nickname.trim(),
        mobile: number ? { areaCode: values.areaCode, number } : null,
      });
      useSessionStore.getState().updateFromMe(me);
      void toast().success(t('profile.info.saved'));
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('profile.info.title')}</h2>}>
      <Form<InfoValues>
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{
          nickname: user.nickname,
          areaCode: user.mobile?.areaCode ?? user.config.defaultRegion ?? DEFAULT_REGION,
          mobile: user.mobile?.number ?? '',
        }}
      >
        {/* Read-only fields have no form name: the label is tied to the input by its id. */}
        <Form.Item label={t('profile.info.username')} htmlFor="profile-username">
          <Input id="profile-username" value={user.username} disabled />
        </Form.Item>
        <Form.Item
          label={t('profile.info.nickname')}
          name="nickname"
          rules={[{ required: true, whitespace: true, message: t('profile.info.nicknameRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('profile.info.email')}
          htmlFor="profile-email"
          extra={t('profile.info.emailHint')}
        >
          <Input id="profile-email" value={user.email} disabled />
        </Form.Item>
        <Form.Item label={t('profile.info.mobile')}>
          <Space.Compact block>
            <Form.Item name="areaCode" noStyle>
              <Select
                aria-label={t('profile.info.areaCode')}
                style={{ width: 110 }}
                options={AREA_CODES.map((code) => ({ value: code, label: `+${code}` }))}
              />
            </Form.Item>
            <Form.Item
              name="mobile"
              noStyle
              rules={[{ pattern: /^\d{4,15}$/, message: t('profile.info.mobileFormat') }]}
            >
              <Input aria-label={t('profile.info.mobile')} inputMode="numeric" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('profile.info.role')}>
          {user.role.map((role) => (
            <Tag key={role}>{t(`profile.role.${role}`)}</Tag>
          ))}
        </Form.Item>
        <Form.Item label={t('profile.info.status')}>
          <Tag color={user.status === 'active' ? 'green' : 'default'}>
            {t(`profile.status.${user.status}`)}
          </Tag>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
