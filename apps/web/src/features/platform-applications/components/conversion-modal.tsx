import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@portal/domain/currency';
import type { Application, ConvertedApplication } from '@portal/domain/platform-agencies';
import { COMMON_TIME_ZONES } from '@portal/domain/time-zone-names';
import { PhoneFormItem } from '../../../shared/ui/phone-form-item';
import { useConvertApplication } from '../api/applications';
import { ConversionResult } from './conversion-result';
import { conversionDefaults, type ConversionFormValues } from './conversion-defaults';

interface ConversionModalProps {
  application: Application;
  onClose: () => void;
}

/**
 * The conversion form, prefilled from the application; once the agency is made, the result with
 * the super admin's temporary password (shown this once) replaces it.
 */
export function ConversionModal({ application, onClose }: ConversionModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConversionFormValues>();
  const convert = useConvertApplication(application.id);
  const [done, setDone] = useState<ConvertedApplication | null>(null);

  if (done) return <ConversionResult result={done} onClose={onClose} />;

  const handleFinish = async (values: ConversionFormValues) => {
    const { areaCode, phone, ...rest } = values;
    const result = await convert.mutateAsync({
      ...rest,
      phone: phone?.trim() ? { areaCode: areaCode ?? '', number: phone.trim() } : null,
    });
    setDone(result);
  };

  const required = (label: string) => [
    { required: true, whitespace: true, message: t('platformApplications.convert.required', { label }) },
  ];
  return (
    <Modal
      open
      title={t('platformApplications.convert.title', { name: application.companyName ?? application.name })}
      okText={t('platformApplications.convert.submit')}
      cancelText={t('platformApplications.convert.cancel')}
      confirmLoading={convert.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={conversionDefaults(application)}
        onFinish={(values) => void handleFinish(values).catch(() => undefined)}
        data-testid="conversion-form"
      >
        <Form.Item
          name="companyName"
          label={t('platformApplications.convert.companyName')}
          rules={required(t('platformApplications.convert.companyName'))}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={t('platformApplications.convert.contactName')}
          rules={required(t('platformApplications.convert.contactName'))}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('platformApplications.convert.email')}
          rules={[
            ...required(t('platformApplications.convert.email')),
            { type: 'email', message: t('platformApplications.convert.emailFormat') },
          ]}
        >
          <Input type="email" />
        </Form.Item>
        <PhoneFormItem
          label={t('platformApplications.convert.phone')}
          areaCodeLabel={t('platformApplications.convert.areaCode')}
          areaCodeMessage={t('platformApplications.convert.areaCodeFormat')}
          phoneMessage={t('platformApplications.convert.phoneFormat')}
        />
        <Form.Item
          name="settlementCurrency"
          label={t('platformApplications.convert.currency')}
          rules={[{ required: true }]}
        >
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} showSearch />
        </Form.Item>
        <Form.Item
          name="timeZone"
          label={t('platformApplications.convert.timeZone')}
          rules={[{ required: true }]}
        >
          <Select options={COMMON_TIME_ZONES.map((z) => ({ value: z, label: z }))} showSearch />
        </Form.Item>
        <Form.Item
          name="superAdminUsername"
          label={t('platformApplications.convert.username')}
          rules={required(t('platformApplications.convert.username'))}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
