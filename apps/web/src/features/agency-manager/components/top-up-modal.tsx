import { Checkbox, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubAgency } from '@portal/domain/agencies';
import type { Currency } from '@portal/domain/currency';
import { AMOUNT_FOLLOWS, creditedAboveReceived, followedAmount } from '@portal/domain/top-up';
import { TopUpBody } from '@portal/domain/wallet';
import { formatMoney } from '../../../shared/money/format-money';
import { useTopUp } from '../api/agency-money';
import { DecimalField } from './decimal-field';
import { WalletFormModal } from './wallet-form-modal';

/** The form's values; a text field the agent has not touched yet is undefined. */
interface TopUpValues {
  currency: Currency;
  amountReceived?: string;
  exchangeRate?: string;
  transactionFeePercent?: number | null;
  referenceNumber?: string;
  amount?: string;
  sendEmail: boolean;
}

/** The POST body of the form's values: optional fields only when filled in. */
export function topUpBodyOf(v: TopUpValues): TopUpBody {
  const received = v.amountReceived?.trim();
  const fee = v.transactionFeePercent;
  return {
    currency: v.currency,
    amount: (v.amount ?? '').trim(),
    exchangeRate: (v.exchangeRate ?? '').trim(),
    referenceNumber: (v.referenceNumber ?? '').trim(),
    ...(received ? { amountReceived: received } : {}),
    ...(fee !== undefined && fee !== null ? { transactionFeePercent: fee } : {}),
    sendEmail: v.sendEmail,
  };
}

/** Adds funds to a direct sub-agency's wallet (spec §3 top-up); the amount is worked out, and editable. */
export function TopUpModal({ agency, onClose }: { agency: SubAgency; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopUpValues>();
  const topUp = useTopUp();
  const shape = TopUpBody.shape;

  const handleValuesChange = (changed: Partial<TopUpValues>, all: TopUpValues) => {
    // Nothing left after the fee (or inputs not yet complete): no stale amount stays behind.
    const amount = followedAmount(changed, all);
    if (amount !== null) form.setFieldValue('amount', amount);
  };

  // The amount may be edited down, never above what was received less the fee (checked again by the API).
  const notAboveReceived = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const max = creditedAboveReceived(topUpBodyOf({ ...form.getFieldsValue(), amount: value ?? '' }));
      if (max !== null) throw new Error(t('agencyManager.topUp.amountAboveReceived', { max }));
    },
  };

  const submit = async (values: TopUpValues) => {
    const change = await topUp.mutateAsync({ agencyId: agency.id, body: topUpBodyOf(values) });
    return t('agencyManager.topUp.done', { name: agency.name, balance: formatMoney(change.wallet.balance) });
  };

  return (
    <WalletFormModal<TopUpValues>
      agency={agency}
      title={t('agencyManager.topUp.title', { name: agency.name })}
      okText={t('agencyManager.topUp.submit')}
      pending={topUp.isPending}
      form={form}
      testId="top-up-form"
      initialValues={{ currency: agency.wallet.currency, exchangeRate: '1', sendEmail: false, amount: '' }}
      onValuesChange={handleValuesChange}
      submit={submit}
      onClose={onClose}
    >
      <DecimalField
        name="amountReceived"
        label={t('agencyManager.topUp.amountReceived')}
        schema={shape.amount}
        messageKey="agencyManager.money.amountInvalid"
        required={false}
        money={false}
      />
      <DecimalField
        name="exchangeRate"
        label={t('agencyManager.topUp.exchangeRate')}
        schema={shape.exchangeRate}
        messageKey="agencyManager.topUp.rateInvalid"
        required
        money={false}
      />
      <Form.Item name="transactionFeePercent" label={t('agencyManager.topUp.feePercent')}>
        <InputNumber
          min={0}
          max={100}
          step={0.1}
          suffix="%"
          style={{ width: '100%' }}
          aria-label={t('agencyManager.topUp.feePercent')}
        />
      </Form.Item>
      <Form.Item
        name="referenceNumber"
        label={t('agencyManager.topUp.reference')}
        rules={[
          { required: true, whitespace: true, message: t('agencyManager.topUp.referenceRequired') },
          { max: 64, message: t('agencyManager.form.tooLong', { max: 64 }) },
        ]}
      >
        <Input />
      </Form.Item>
      <DecimalField
        name="amount"
        label={t('agencyManager.topUp.amount')}
        extra={t('agencyManager.topUp.amountHelp')}
        schema={shape.amount}
        messageKey="agencyManager.money.amountInvalid"
        required
        money
        crossCheck={{ rule: notAboveReceived, dependencies: [...AMOUNT_FOLLOWS] }}
      />
      <Form.Item name="sendEmail" valuePropName="checked">
        <Checkbox>{t('agencyManager.topUp.sendEmail')}</Checkbox>
      </Form.Item>
    </WalletFormModal>
  );
}
