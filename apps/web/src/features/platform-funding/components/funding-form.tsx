import { Button, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@portal/domain/currency';
import {
  APPROVAL_TEXT_MAX,
  REFERENCE_NUMBER_MAX,
  isExchangeRateText,
  isPositiveAmountText,
} from '@portal/domain/money-request-fields';
import type { AgencyOption, FundingRequestBody } from '@portal/domain/platform-funding';
import { AMOUNT_FOLLOWS, creditedAboveReceived, followedAmount } from '@portal/domain/top-up';
import { AgencyField, CurrencyField, decimalRule } from './money-fields';

/** The form's values; a field not yet touched is undefined. */
export interface FundingValues {
  agencyId?: number;
  currency: Currency;
  amountReceived?: string;
  exchangeRate?: string;
  transactionFeePercent?: number | null;
  referenceNumber?: string;
  amount?: string;
  note?: string;
}

/** The request body of the form's values: optional fields only when filled in. */
export function fundingBodyOf(v: FundingValues): FundingRequestBody {
  const received = v.amountReceived?.trim();
  const fee = v.transactionFeePercent;
  const note = v.note?.trim();
  return {
    agencyId: v.agencyId ?? 0,
    currency: v.currency,
    amount: (v.amount ?? '').trim(),
    exchangeRate: (v.exchangeRate ?? '').trim(),
    referenceNumber: (v.referenceNumber ?? '').trim(),
    ...(received ? { amountReceived: received } : {}),
    ...(fee !== undefined && fee !== null ? { transactionFeePercent: fee } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * "Fund an agency": money a top-level agency paid the platform, against the bank reference. The
 * amount credited is worked out from the amount received, rate and fee, and may be lowered. Sent
 * for approval; nothing posts until another platform admin approves.
 */
export function FundingForm({
  agencies,
  pending,
  onSubmit,
}: {
  agencies: AgencyOption[];
  pending: boolean;
  onSubmit: (body: FundingRequestBody) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FundingValues>();

  const handleValuesChange = (changed: Partial<FundingValues>, all: FundingValues) => {
    if ('agencyId' in changed) {
      const agency = agencies.find((a) => a.id === changed.agencyId);
      if (agency) form.setFieldValue('currency', agency.settlementCurrency);
    }
    // Nothing left after the fee (or inputs not yet complete): no stale amount stays behind.
    const amount = followedAmount(changed, all);
    if (amount !== null) form.setFieldValue('amount', amount);
  };

  const notAboveReceived = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const max = creditedAboveReceived(fundingBodyOf({ ...form.getFieldsValue(), amount: value ?? '' }));
      if (max !== null) throw new Error(t('platformFunding.form.amountAboveReceived', { max }));
    },
  };

  const handleFinish = async (values: FundingValues) => {
    if (await onSubmit(fundingBodyOf(values))) form.resetFields();
  };

  return (
    <Form<FundingValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      data-testid="funding-form"
      initialValues={{ currency: 'CNY', exchangeRate: '1', amount: '' }}
      onValuesChange={handleValuesChange}
      onFinish={(values) => void handleFinish(values)}
    >
      <AgencyField agencies={agencies} />
      <CurrencyField />
      <Form.Item
        name="amountReceived"
        label={t('platformFunding.form.amountReceived')}
        rules={[
          decimalRule(t, isPositiveAmountText, {
            messageKey: 'platformFunding.form.amountInvalid',
            required: false,
            money: false,
          }),
        ]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item
        name="exchangeRate"
        label={t('platformFunding.form.exchangeRate')}
        rules={[
          decimalRule(t, isExchangeRateText, {
            messageKey: 'platformFunding.form.rateInvalid',
            required: true,
            money: false,
          }),
        ]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="transactionFeePercent" label={t('platformFunding.form.fee')}>
        <InputNumber
          min={0}
          max={100}
          step={0.1}
          suffix="%"
          style={{ width: '100%' }}
          aria-label={t('platformFunding.form.fee')}
        />
      </Form.Item>
      <Form.Item
        name="referenceNumber"
        label={t('platformFunding.form.reference')}
        rules={[
          { required: true, whitespace: true, message: t('platformFunding.form.referenceRequired') },
          { max: REFERENCE_NUMBER_MAX },
        ]}
      >
        <Input maxLength={REFERENCE_NUMBER_MAX} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('platformFunding.form.amount')}
        extra={t('platformFunding.form.amountHelp')}
        dependencies={[...AMOUNT_FOLLOWS]}
        rules={[
          decimalRule(t, isPositiveAmountText, {
            messageKey: 'platformFunding.form.amountInvalid',
            required: true,
            money: true,
          }),
          notAboveReceived,
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
