import { Alert, Checkbox, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubAgency } from '@portal/domain/agencies';
import { CURRENCIES, type Currency } from '@portal/domain/currency';
import { minorDigits } from '@portal/domain/currency-conversion';
import { TopUpBody } from '@portal/domain/wallet';
import { formatMoney } from '../../../shared/money/format-money';
import { toast } from '../../../shared/ui/message-bridge';
import { useTopUp } from '../api/agency-money';
import { decimalRule } from './money-rules';
import { topUpAmount } from './top-up-amount';

interface TopUpValues {
  currency: Currency;
  amountReceived?: string;
  exchangeRate: string;
  transactionFeePercent?: number | null;
  referenceNumber: string;
  amount: string;
  sendEmail: boolean;
}

/** The POST body of the form's values: optional fields only when filled in. */
export function topUpBodyOf(v: TopUpValues): TopUpBody {
  const received = v.amountReceived?.trim();
  const fee = v.transactionFeePercent;
  return {
    currency: v.currency,
    amount: v.amount.trim(),
    exchangeRate: v.exchangeRate.trim(),
    referenceNumber: v.referenceNumber.trim(),
    ...(received ? { amountReceived: received } : {}),
    ...(fee !== undefined && fee !== null ? { transactionFeePercent: fee } : {}),
    sendEmail: v.sendEmail,
  };
}

const COMPUTED_FROM = ['currency', 'amountReceived', 'exchangeRate', 'transactionFeePercent'];

/** Adds funds to a direct sub-agency's wallet (spec §3 top-up); the amount is worked out, and editable. */
export function TopUpModal({ agency, onClose }: { agency: SubAgency; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopUpValues>();
  const topUp = useTopUp();
  const [failure, setFailure] = useState<string | null>(null);
  const shape = TopUpBody.shape;

  const handleValuesChange = (changed: Partial<TopUpValues>, all: TopUpValues) => {
    if (!Object.keys(changed).some((name) => COMPUTED_FROM.includes(name))) return;
    const amount = topUpAmount(
      all.amountReceived,
      all.exchangeRate,
      all.transactionFeePercent ?? 0,
      minorDigits(all.currency),
    );
    if (amount !== undefined) form.setFieldValue('amount', amount);
  };

  const handleSubmit = async (values: TopUpValues) => {
    setFailure(null);
    try {
      const change = await topUp.mutateAsync({ agencyId: agency.id, body: topUpBodyOf(values) });
      void toast().success(
        t('agencyManager.topUp.done', { name: agency.name, balance: formatMoney(change.wallet.balance) }),
      );
      onClose();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('common.unknownError'));
    }
  };

  return (
    <Modal
      open
      title={t('agencyManager.topUp.title', { name: agency.name })}
      okText={t('agencyManager.topUp.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={topUp.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TopUpValues>
        form={form}
        layout="vertical"
        data-testid="top-up-form"
        initialValues={{ currency: agency.wallet.currency, exchangeRate: '1', sendEmail: false, amount: '' }}
        onValuesChange={handleValuesChange}
        onFinish={(values) => void handleSubmit(values)}
      >
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph type="secondary">
          {t('agencyManager.money.current', {
            balance: formatMoney(agency.wallet.balance),
            available: formatMoney(agency.wallet.available),
          })}
        </Typography.Paragraph>
        <Form.Item name="currency" label={t('agencyManager.topUp.currency')}>
          <Select
            aria-label={t('agencyManager.topUp.currency')}
            showSearch
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item
          name="amountReceived"
          label={t('agencyManager.topUp.amountReceived')}
          rules={[
            decimalRule(t, {
              schema: shape.amount,
              messageKey: 'agencyManager.money.amountInvalid',
              required: false,
              money: false,
            }),
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="exchangeRate"
          label={t('agencyManager.topUp.exchangeRate')}
          rules={[
            decimalRule(t, {
              schema: shape.exchangeRate,
              messageKey: 'agencyManager.topUp.rateInvalid',
              required: true,
              money: false,
            }),
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
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
        <Form.Item
          name="amount"
          label={t('agencyManager.topUp.amount')}
          extra={t('agencyManager.topUp.amountHelp')}
          dependencies={['currency']}
          rules={[
            decimalRule(t, {
              schema: shape.amount,
              messageKey: 'agencyManager.money.amountInvalid',
              required: true,
              money: true,
            }),
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="sendEmail" valuePropName="checked">
          <Checkbox>{t('agencyManager.topUp.sendEmail')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
