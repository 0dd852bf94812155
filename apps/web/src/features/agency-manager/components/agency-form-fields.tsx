import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { AGENCY_LIMITS, isAllowedDomain } from '@portal/domain/agencies';
import { isEmailAddress } from '@portal/domain/company-fields';
import { isValidUsername } from '@portal/domain/limits';
import { PhoneFormItem } from '../../../shared/ui/phone-form-item';
import type { ParentChoice } from '../tree/agency-tree';

/** Every domain of the tags input is a host name, none twice, at most AGENCY_LIMITS.allowedDomains. */
export function domainsProblem(domains: readonly string[]): 'domain' | 'repeated' | 'tooMany' | null {
  const folded = domains.map((d) => d.trim().toLowerCase());
  if (folded.some((d) => !isAllowedDomain(d))) return 'domain';
  if (new Set(folded).size !== folded.length) return 'repeated';
  if (folded.length > AGENCY_LIMITS.allowedDomains) return 'tooMany';
  return null;
}

interface AgencyFormFieldsProps {
  creating: boolean;
  parents: ParentChoice[];
}

/** The fields of spec §3 for an agency, each checked with the rule the API applies. */
export function AgencyFormFields({ creating, parents }: AgencyFormFieldsProps) {
  const { t } = useTranslation();
  const max = (n: number): Rule => ({ max: n, message: t('agencyManager.form.tooLong', { max: n }) });
  const required = (key: string): Rule => ({ required: true, whitespace: true, message: t(key) });
  const check =
    (ok: (value: string) => boolean, key: string): Rule =>
    () => ({
      validator: (_rule, value: string | undefined) =>
        !value?.trim() || ok(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t(key))),
    });
  const domainsRule: Rule = {
    validator: (_rule, value: string[] | undefined) => {
      const problem = domainsProblem(value ?? []);
      return problem
        ? Promise.reject(
            new Error(t(`agencyManager.form.domains.${problem}`, { max: AGENCY_LIMITS.allowedDomains })),
          )
        : Promise.resolve();
    },
  };

  return (
    <>
      <Form.Item
        label={t('agencyManager.field.name')}
        name="name"
        rules={[required('agencyManager.form.nameRequired'), max(AGENCY_LIMITS.name)]}
      >
        <Input />
      </Form.Item>
      <Form.Item label={t('agencyManager.field.alias')} name="alias" rules={[max(AGENCY_LIMITS.alias)]}>
        <Input />
      </Form.Item>
      <Form.Item label={t('agencyManager.field.advisor')} name="advisor" rules={[max(AGENCY_LIMITS.advisor)]}>
        <Input />
      </Form.Item>
      <Form.Item
        label={t('agencyManager.field.contactName')}
        name="contactName"
        rules={[required('agencyManager.form.contactRequired'), max(AGENCY_LIMITS.contactName)]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label={t('agencyManager.field.email')}
        name="email"
        rules={[
          required('agencyManager.form.emailRequired'),
          max(AGENCY_LIMITS.email),
          check(isEmailAddress, 'agencyManager.form.emailInvalid'),
        ]}
      >
        <Input type="email" />
      </Form.Item>
      <PhoneFormItem
        label={t('agencyManager.field.phone')}
        areaCodeLabel={t('agencyManager.field.areaCode')}
        areaCodeMessage={t('agencyManager.form.areaCodeInvalid')}
        phoneMessage={t('agencyManager.form.phoneInvalid')}
      />
      <Form.Item
        label={t('agencyManager.field.allowedDomains')}
        name="allowedDomains"
        extra={t('agencyManager.form.domainsHelp')}
        rules={[domainsRule]}
      >
        <Select
          mode="tags"
          aria-label={t('agencyManager.field.allowedDomains')}
          tokenSeparators={[',', ' ']}
          open={false}
          suffixIcon={null}
        />
      </Form.Item>
      <Form.Item label={t('agencyManager.field.parent')} name="parentId">
        <Select
          aria-label={t('agencyManager.field.parent')}
          showSearch={{ optionFilterProp: 'label' }}
          options={parents.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item
        label={t('agencyManager.field.extraInfo')}
        name="extraInfo"
        rules={[max(AGENCY_LIMITS.extraInfo)]}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      {creating && (
        <Form.Item
          label={t('agencyManager.field.superAdminUsername')}
          name="superAdminUsername"
          extra={t('agencyManager.form.superAdminHelp')}
          rules={[
            required('agencyManager.form.usernameInvalid'),
            check(isValidUsername, 'agencyManager.form.usernameInvalid'),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      )}
    </>
  );
}
