import { Alert, Card, Col, Empty, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletBalance } from '@portal/domain/wallet';
import { useWalletBalances } from '../api/get-wallet-balances';
import { formatAmount, formatMoney } from '../../../shared/money/format-money';
import { isNegative, magnitude } from '../../../shared/wallet/format';

/** One currency: balance, credit limit and available; a negative balance shows as credit in use. */
function BalanceCard({ wallet }: { wallet: WalletBalance }) {
  const { t } = useTranslation();
  const negative = isNegative(wallet.balance.amount);
  return (
    <Card
      data-testid={`balance-${wallet.currency}`}
      title={wallet.currency}
      extra={negative ? <Tag color="orange">{t('bills.balance.usingCredit')}</Tag> : null}
    >
      <Statistic
        title={t('bills.balance.available')}
        value={formatAmount(wallet.available)}
        prefix={wallet.currency}
        styles={isNegative(wallet.available.amount) ? { content: { color: '#cf1322' } } : undefined}
      />
      <dl style={{ margin: '16px 0 0' }}>
        <dt>
          <Typography.Text type="secondary">{t('bills.balance.balance')}</Typography.Text>
        </dt>
        <dd data-testid="balance-amount" style={{ margin: 0, color: negative ? '#cf1322' : undefined }}>
          {formatMoney(wallet.balance)}
        </dd>
        {negative ? (
          <dd data-testid="credit-in-use" style={{ margin: 0 }}>
            {t('bills.balance.creditInUse', {
              amount: formatMoney({ ...wallet.balance, amount: magnitude(wallet.balance.amount) }),
            })}
          </dd>
        ) : null}
        <dt>
          <Typography.Text type="secondary">{t('bills.balance.creditLimit')}</Typography.Text>
        </dt>
        <dd data-testid="credit-limit" style={{ margin: 0 }}>
          {formatMoney(wallet.creditLimit)}
        </dd>
      </dl>
    </Card>
  );
}

/** A card per currency of the agency's wallet, with loading, empty and error states. */
export function BalanceCards() {
  const { t } = useTranslation();
  const balances = useWalletBalances();
  if (balances.isPending) return <Skeleton active data-testid="balances-loading" />;
  if (balances.isError) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="balances-error"
        title={t('bills.error.balances')}
        description={balances.error.message}
      />
    );
  }
  if (balances.data.length === 0) return <Empty description={t('bills.balance.empty')} />;
  return (
    <Row gutter={[16, 16]}>
      {balances.data.map((wallet) => (
        <Col key={wallet.currency} xs={24} md={12} xl={8}>
          <BalanceCard wallet={wallet} />
        </Col>
      ))}
    </Row>
  );
}
