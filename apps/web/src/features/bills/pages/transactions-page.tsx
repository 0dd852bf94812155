import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';
import { FIRST_PAGE, TransactionsList } from '../../../shared/wallet/wallet-lists';
import { exportTransactions } from '../api/export-lists';
import { useTransactions, type TransactionParams } from '../api/get-transactions';

/** /bills/transactions ('All Transactions'): transaction rows with filters and server paging. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useState<TransactionParams>(FIRST_PAGE);
  const rows = useTransactions(params);

  return (
    <div data-testid="transactions-page">
      <PageTitle>{t('router.transactions')}</PageTitle>
      <TransactionsList query={rows} params={params} setParams={setParams} onExport={exportTransactions} />
    </div>
  );
}
