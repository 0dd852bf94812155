import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';
import { exportWalletEntries } from '../api/export-lists';
import { useWalletEntries, type WalletEntryParams } from '../api/get-wallet-entries';
import { BalanceCards } from '../components/balance-cards';
import { LateCapturesSection } from '../components/late-captures-section';
import { FIRST_PAGE, WalletEntriesList } from '../../../shared/wallet/wallet-lists';

/** /bills/wallet: a card per currency, then the wallet entries with filters and server paging. */
export function WalletPage() {
  const { t } = useTranslation();
  const [params, setParams] = useState<WalletEntryParams>(FIRST_PAGE);
  const entries = useWalletEntries(params);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }} data-testid="wallet-page">
      <PageTitle>{t('router.wallet')}</PageTitle>
      <BalanceCards />
      <section aria-labelledby="wallet-entries-heading">
        <Typography.Title level={2} id="wallet-entries-heading" style={{ fontSize: 18 }}>
          {t('bills.entries.title')}
        </Typography.Title>
        <WalletEntriesList
          query={entries}
          params={params}
          setParams={setParams}
          onExport={exportWalletEntries}
        />
      </section>
      <LateCapturesSection />
    </div>
  );
}
