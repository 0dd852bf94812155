import { Button, Card, Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile, UpdateCompanyBody } from '@portal/domain/company';
import { COMPANY_LIMITS, isEmailAddress, isWebsiteUrl } from '@portal/domain/company-fields';
import { DEFAULT_REGION } from '@portal/domain/locale';
import { COMMON_TIME_ZONES, isIanaTimeZone } from '@portal/domain/time-zone-names';
import { PhoneFormItem } from '../../../shared/ui/phone-form-item';

interface CompanyValues {
  name: string;
  alias: string;
  contactName: string;
  email: string;
  areaCode: string;
  phone: string;
  address: string;
  website: string;
  extraInfo: string;
  timeZone: string;
}

/** The form's values for `company`; an empty phone starts with the user's default area code. */
function valuesOf(company: CompanyProfile, defaultRegion: string): CompanyValues {
  return {
    name: company.name,
    alias: company.alias ?? '',
    contactName: company.contactName ?? '',
    email: company.email ?? '',
    areaCode: company.phone?.areaCode ?? defaultRegion,
    phone: company.phone?.number ?? '',
    address: company.address ?? '',
    website: company.website ?? '',
    extraInfo: company.extraInfo ?? '',
    timeZone: company.timeZone,
  };
}

/** The PUT body of the form's values: blank optional fields become null. */
function bodyOf(v: CompanyValues): UpdateCompanyBody {
  const text = (s: string) => s.trim() || null;
  const number = v.phone.trim();
  return {
    name: v.name.trim(),
    alias: text(v.alias),
    contactName: text(v.contactName),
    email: text(v.email),
    phone: number ? { areaCode: v.areaCode.trim(), number } : null,
    address: v.address.trim(),
    website: text(v.website),
    extraInfo: text(v.extraInfo),
    timeZone: v.timeZone,
  };
}

/** The common zones, and the agency's own first when it chose another one. */
function zoneOptions(current: string) {
  const zones: string[] = [...COMMON_TIME_ZONES];
  if (!zones.includes(current)) zones.unshift(current);
  return zones.map((zone) => ({ value: zone, label: zone }));
}

interface Props {
  company: CompanyProfile;
  defaultRegion?: string;
  saving: boolean;
  onSave: (body: UpdateCompanyBody) => void;
}

/** The agency profile of spec §3 with the rules of §5 (company address required). */
export function CompanyForm({ company, defaultRegion = DEFAULT_REGION, saving, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyValues>();
  const max = (n: number): Rule => ({ max: n, message: t('companyPage.error.tooLong', { max: n }) });
  const check =
    (ok: (value: string) => boolean, key: string): Rule =>
    () => ({
      validator: (_rule, value: string | undefined) =>
        !value?.trim() || ok(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t(key))),
    });
  const disabled = !company.canEdit;

  return (
    <Card>
      <Form<CompanyValues>
        form={form}
        layout="vertical"
        disabled={disabled}
        initialValues={valuesOf(company, defaultRegion)}
        onFinish={(values) => onSave(bodyOf(values))}
        style={{ maxWidth: 640 }}
      >
        <Form.Item
          label={t('companyPage.name')}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('companyPage.error.nameRequired') },
            max(COMPANY_LIMITS.name),
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item label={t('companyPage.alias')} name="alias" rules={[max(COMPANY_LIMITS.alias)]}>
          <Input />
        </Form.Item>
        <Form.Item
          label={t('companyPage.contactName')}
          name="contactName"
          rules={[max(COMPANY_LIMITS.contactName)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('companyPage.email')}
          name="email"
          rules={[max(COMPANY_LIMITS.email), check(isEmailAddress, 'companyPage.error.email')]}
        >
          <Input type="email" />
        </Form.Item>
        <PhoneFormItem
          label={t('companyPage.phone')}
          areaCodeLabel={t('companyPage.areaCode')}
          areaCodeMessage={t('companyPage.error.areaCode')}
          phoneMessage={t('companyPage.error.phone')}
        />
        <Form.Item
          label={t('companyPage.address')}
          name="address"
          rules={[
            { required: true, whitespace: true, message: t('companyPage.error.addressRequired') },
            max(COMPANY_LIMITS.address),
          ]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item
          label={t('companyPage.website')}
          name="website"
          rules={[max(COMPANY_LIMITS.website), check(isWebsiteUrl, 'companyPage.error.website')]}
        >
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item
          label={t('companyPage.extraInfo')}
          name="extraInfo"
          rules={[max(COMPANY_LIMITS.extraInfo)]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item
          label={t('companyPage.timeZone')}
          name="timeZone"
          extra={t('companyPage.timeZoneHelp')}
          rules={[
            { required: true, message: t('companyPage.error.timeZone') },
            check(isIanaTimeZone, 'companyPage.error.timeZone'),
          ]}
        >
          <Select showSearch options={zoneOptions(company.timeZone)} />
        </Form.Item>
        {!disabled && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
