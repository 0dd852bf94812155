import { Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS } from '@portal/domain/account-options';
import { CURRENCIES } from '@portal/domain/currency';
import { LOCALES } from '@portal/domain/locale';
import {
  SITE_CODE_MAX,
  SITE_NAME_MAX,
  siteConfigIssues,
  type SiteConfigBody,
  type StoredSiteConfig,
} from '@portal/domain/platform-site';

interface SiteConfigFormProps {
  site: StoredSiteConfig;
  saving: boolean;
  onSave: (body: SiteConfigBody) => void;
}

const NAMES = ['name', 'shortName', 'chineseName', 'chineseShortName'] as const;
const OPTIONAL_NAMES = ['traditionalName', 'traditionalShortName'] as const;

/** The site's editable fields (spec §3 "Site info"); the rules between fields are the domain's. */
export function SiteConfigForm({ site, saving, onSave }: SiteConfigFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteConfigBody>();
  const handleFinish = (values: SiteConfigBody) => {
    const issues = siteConfigIssues(values);
    if (issues.length > 0) {
      form.setFields(issues.map((i) => ({ name: i.path, errors: [t(i.message)] })));
      return;
    }
    onSave(values);
  };
  const currencyOptions = CURRENCIES.map((c) => ({ value: c, label: c }));
  return (
    <Form<SiteConfigBody>
      form={form}
      layout="vertical"
      initialValues={site}
      onFinish={handleFinish}
      data-testid="site-config-form"
    >
      {NAMES.map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`platformRates.site.field.${name}`)}
          rules={[{ required: true, whitespace: true, message: t('platformRates.site.error.required') }]}
        >
          <Input maxLength={SITE_NAME_MAX} />
        </Form.Item>
      ))}
      {OPTIONAL_NAMES.map((name) => (
        <Form.Item key={name} name={name} label={t(`platformRates.site.field.${name}`)}>
          <Input maxLength={SITE_NAME_MAX} />
        </Form.Item>
      ))}
      <Form.Item name="dateFormat" label={t('platformRates.site.field.dateFormat')}>
        <Select options={DATE_FORMATS.map((f) => ({ value: f, label: f }))} />
      </Form.Item>
      <Form.Item name="defaultLanguage" label={t('platformRates.site.field.defaultLanguage')}>
        <Select options={LOCALES.map((l) => ({ value: l, label: t(`platformRates.site.locale.${l}`) }))} />
      </Form.Item>
      <Form.Item
        name="currencies"
        label={t('platformRates.site.field.currencies')}
        rules={[{ required: true, message: t('platformRates.site.error.currencies') }]}
      >
        <Select mode="multiple" options={currencyOptions} />
      </Form.Item>
      <Form.Item name="defaultCurrency" label={t('platformRates.site.field.defaultCurrency')}>
        <Select options={currencyOptions} />
      </Form.Item>
      <Form.Item name="isIcp" label={t('platformRates.site.field.isIcp')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="icpCode" label={t('platformRates.site.field.icpCode')}>
        <Input maxLength={SITE_CODE_MAX} />
      </Form.Item>
      <Form.Item
        name="isNetworkSecurity"
        label={t('platformRates.site.field.isNetworkSecurity')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="networkSecurityCode" label={t('platformRates.site.field.networkSecurityCode')}>
        <Input maxLength={SITE_CODE_MAX} />
      </Form.Item>
      <Form.Item
        name={['figures', 'clients']}
        label={t('platformRates.site.field.clients')}
        extra={t('platformRates.site.field.clientsHint')}
      >
        <InputNumber min={0} max={1_000_000} precision={0} />
      </Form.Item>
      <Form.Item
        name={['figures', 'suppliers']}
        label={t('platformRates.site.field.suppliers')}
        rules={[{ required: true, message: t('platformRates.site.error.required') }]}
      >
        <InputNumber min={0} max={10_000} precision={0} />
      </Form.Item>
      <Form.Item
        name={['figures', 'foundedYear']}
        label={t('platformRates.site.field.foundedYear')}
        rules={[{ required: true, message: t('platformRates.site.error.required') }]}
      >
        <InputNumber min={1900} max={2199} precision={0} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('platformRates.site.save')}
      </Button>
    </Form>
  );
}
