import { Card, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS } from '@portal/domain/account-options';
import type { ConfigKey, UserInfo } from '@portal/domain/auth';
import { DEFAULT_DATE_FORMAT, DEFAULT_REGION } from '@portal/domain/locale';
import { useSessionStore } from '../../../shared/stores/session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { updateConfig } from '../api/update-config';
import { AREA_CODES } from '../area-codes';

/** Favourites and defaults: default area code and date format, each saved when changed. */
export function DefaultsForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();

  const handleChange = async (key: Extract<ConfigKey, 'defaultRegion' | 'dateFormat'>, value: string) => {
    try {
      await updateConfig(key, value);
      const current = useSessionStore.getState().userInfo;
      if (current) {
        useSessionStore
          .getState()
          .updateUserInfo({ ...current, config: { ...current.config, [key]: value } });
      }
      void toast().success(t('profile.defaults.saved'));
    } catch {
      // Shown by the client.
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('profile.defaults.title')}</h2>}>
      <Form layout="vertical">
        <Form.Item label={t('profile.defaults.region')} htmlFor="default-region">
          <Select
            id="default-region"
            value={user.config.defaultRegion ?? DEFAULT_REGION}
            options={AREA_CODES.map((code) => ({ value: code, label: `+${code}` }))}
            onChange={(value: string) => void handleChange('defaultRegion', value)}
          />
        </Form.Item>
        <Form.Item label={t('profile.defaults.dateFormat')} htmlFor="default-date-format">
          <Select
            id="default-date-format"
            value={user.config.dateFormat ?? DEFAULT_DATE_FORMAT}
            options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
            onChange={(value: string) => void handleChange('dateFormat', value)}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
