import { Card, Col, Empty, Row, Skeleton, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubAgencyBalance } from '@portal/domain/sub-agencies';
import type { WalletBalance } from '@portal/domain/wallet';
import { formatAmount, formatMoney } from '../../../../shared/money/format-money';
import { isNegative } from '../../../../shared/wallet/format';

function WalletCard({ wallet, settlement }: { wallet: WalletBalance; settlement: boolean }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid={`sub-balance-${wallet.currency}`}
      title={wallet.currency}
      extra={settlement ? <Tag color="blue">{t('agencyMoney.balance.settlement')}</Tag> : null}
    >
      <Statistic
        title={t('agencyMoney.balance.available')}
        value={formatAmount(wallet.available)}
        prefix={wallet.currency}
        styles={isNegative(wallet.available.amount) ? { content: { color: '#cf1322' } } : undefined}
      />
      <dl style={{ margin: '12px 0 0', display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
        <dt>{t('agencyMoney.balance.balance')}</dt>
        <dd data-testid="sub-balance-amount" style={{ margin: 0 }}>
          {formatMoney(wallet.balance)}
        </dd>
        <dt>{t('agencyMoney.balance.creditLimit')}</dt>
        <dd data-testid="sub-credit-limit" style={{ margin: 0 }}>
          {formatMoney(wallet.creditLimit)}
        </dd>
      </dl>
    </Card>
  );
}

/** The sub-agency's wallets: available amount, balance and credit limit per currency. */
export function SubBalanceCards({
  balance,
  loading,
}: {
  balance: SubAgencyBalance | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active data-testid="sub-balance-loading" />;
  if (!balance || balance.wallets.length === 0) return <Empty description={t('agencyMoney.balance.empty')} />;
  return (
    <Row gutter={[16, 16]}>
      {balance.wallets.map((wallet) => (
        <Col key={wallet.currency} xs={24} md={12} xl={8}>
          <WalletCard wallet={wallet} settlement={wallet.currency === balance.settlementCurrency} />
        </Col>
      ))}
    </Row>
  );
}
