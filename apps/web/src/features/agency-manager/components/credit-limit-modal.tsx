import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubAgency } from '@portal/domain/agencies';
import { CURRENCIES, type Currency } from '@portal/domain/currency';
import { CreditLimitBody } from '@portal/domain/wallet';
import { formatMoney } from '../../../shared/money/format-money';
import { toast } from '../../../shared/ui/message-bridge';
import { useSetCreditLimit } from '../api/agency-money';
import { decimalRule } from './money-rules';

interface CreditValues {
  currency: Currency;
  credit: string;
}

/** Sets a direct sub-agency's credit limit (0 removes the line; not below the credit in use). */
export function CreditLimitModal({ agency, onClose }: { agency: SubAgency; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreditValues>();
  const setCredit = useSetCreditLimit();
  const [failure, setFailure] = useState<string | null>(null);
  const { wallet } = agency;

  const handleSubmit = async (values: CreditValues) => {
    setFailure(null);
    try {
      const change = await setCredit.mutateAsync({
        agencyId: agency.id,
        body: { credit: values.credit.trim(), currency: values.currency },
      });
      void toast().success(
        t('agencyManager.credit.done', { name: agency.name, credit: formatMoney(change.wallet.creditLimit) }),
      );
      onClose();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('common.unknownError'));
    }
  };

  return (
    <Modal
      open
      title={t('agencyManager.credit.title', { name: agency.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={setCredit.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CreditValues>
        form={form}
        layout="vertical"
        data-testid="credit-form"
        initialValues={{ currency: wallet.currency, credit: wallet.creditLimit.amount }}
        onFinish={(values) => void handleSubmit(values)}
      >
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph type="secondary">
          {t('agencyManager.money.current', {
            balance: formatMoney(wallet.balance),
            available: formatMoney(wallet.available),
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
          name="credit"
          label={t('agencyManager.credit.limit')}
          extra={t('agencyManager.credit.help')}
          dependencies={['currency']}
          rules={[
            decimalRule(t, {
              schema: CreditLimitBody.shape.credit,
              messageKey: 'agencyManager.credit.invalid',
              required: true,
              money: true,
            }),
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
