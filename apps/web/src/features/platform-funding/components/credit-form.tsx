import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@portal/domain/currency';
import { APPROVAL_TEXT_MAX, isCreditLimitText } from '@portal/domain/money-request-fields';
import type { AgencyOption, CreditRequestBody } from '@portal/domain/platform-funding';
import { AgencyField, CurrencyField, decimalRule } from './money-fields';

interface CreditValues {
  agencyId?: number;
  currency: Currency;
  credit?: string;
  note?: string;
}

/** "Set credit limit": a top-level agency's new credit line in a currency, sent for approval. */
export function CreditForm({
  agencies,
  pending,
  onSubmit,
}: {
  agencies: AgencyOption[];
  pending: boolean;
  onSubmit: (body: CreditRequestBody) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreditValues>();

  const handleValuesChange = (changed: Partial<CreditValues>) => {
    const agency = agencies.find((a) => a.id === changed.agencyId);
    if (agency) form.setFieldValue('currency', agency.settlementCurrency);
  };

  const handleFinish = async (v: CreditValues) => {
    const note = v.note?.trim();
    const body: CreditRequestBody = {
      agencyId: v.agencyId ?? 0,
      currency: v.currency,
      credit: (v.credit ?? '').trim(),
      ...(note ? { note } : {}),
    };
    if (await onSubmit(body)) form.resetFields();
  };

  return (
    <Form<CreditValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      data-testid="credit-form"
      initialValues={{ currency: 'CNY' }}
      onValuesChange={handleValuesChange}
      onFinish={(values) => void handleFinish(values)}
    >
      <AgencyField agencies={agencies} />
      <CurrencyField />
      <Form.Item
        name="credit"
        label={t('platformFunding.form.credit')}
        extra={t('platformFunding.form.creditHelp')}
        dependencies={['currency']}
        rules={[
          decimalRule(t, isCreditLimitText, {
            messageKey: 'platformFunding.form.creditInvalid',
            required: true,
            money: true,
          }),
        ]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="note" label={t('platformFunding.form.note')} rules={[{ max: APPROVAL_TEXT_MAX }]}>
        <Input.TextArea rows={2} maxLength={APPROVAL_TEXT_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('platformFunding.form.submit')}
      </Button>
    </Form>
  );
}
