import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubAgency } from '@portal/domain/agencies';
import type { Currency } from '@portal/domain/currency';
import { CreditLimitBody } from '@portal/domain/wallet';
import { formatMoney } from '../../../shared/money/format-money';
import { useSetCreditLimit } from '../api/agency-money';
import { DecimalField } from './decimal-field';
import { WalletFormModal } from './wallet-form-modal';

interface CreditValues {
  currency: Currency;
  credit: string;
}

/** Sets a direct sub-agency's credit limit (0 removes the line; not below the credit in use). */
export function CreditLimitModal({ agency, onClose }: { agency: SubAgency; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreditValues>();
  const setCredit = useSetCreditLimit();
  const { wallet } = agency;

  const submit = async (values: CreditValues) => {
    const change = await setCredit.mutateAsync({
      agencyId: agency.id,
      body: { credit: values.credit.trim(), currency: values.currency },
    });
    return t('agencyManager.credit.done', {
      name: agency.name,
      credit: formatMoney(change.wallet.creditLimit),
    });
  };

  return (
    <WalletFormModal<CreditValues>
      agency={agency}
      title={t('agencyManager.credit.title', { name: agency.name })}
      okText={t('common.save')}
      pending={setCredit.isPending}
      form={form}
      testId="credit-form"
      initialValues={{ currency: wallet.currency, credit: wallet.creditLimit.amount }}
      submit={submit}
      onClose={onClose}
    >
      <DecimalField
        name="credit"
        label={t('agencyManager.credit.limit')}
        extra={t('agencyManager.credit.help')}
        schema={CreditLimitBody.shape.credit}
        messageKey="agencyManager.credit.invalid"
        required
        money
      />
    </WalletFormModal>
  );
}
