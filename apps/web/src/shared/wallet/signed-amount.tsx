import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MoneyJson } from '@portal/domain/shopping';
import { withDirectionSign, type MoneyDirection } from '@portal/domain/transaction-kinds';
import { formatAmount } from '../money/format-money';
import { magnitude } from './format';

/**
 * An amount signed by the sign rule of `@portal/domain/transaction-kinds`: '+' and green for
 * money in, '−' and red for money out, so the direction is read from the sign as well as the colour.
 */
export function SignedAmount({ money, direction }: { money: MoneyJson; direction: MoneyDirection }) {
  const { t } = useTranslation();
  const text = withDirectionSign(formatAmount({ ...money, amount: magnitude(money.amount) }), direction);
  const type = direction === 'out' ? 'danger' : direction === 'in' ? 'success' : undefined;
  const label = direction === 'out' ? t('bills.transactions.moneyOut') : t('bills.transactions.moneyIn');
  return (
    <Typography.Text
      data-testid="signed-amount"
      data-direction={direction}
      type={type}
      title={direction === 'none' ? undefined : label}
      style={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography.Text>
  );
}
