import { useState } from 'react';
import { FIRST_PAGE, TransactionsList } from '../../../../shared/wallet/wallet-lists';
import { exportSubTransactions, useSubTransactions, type SubTransactionParams } from '../api/sub-bills';

/** The sub-agency's 'All Transactions': filters, server paging and the Excel export of the filters. */
export function SubTransactionsTab({ agencyId }: { agencyId: number }) {
  const [params, setParams] = useState<SubTransactionParams>(FIRST_PAGE);
  const rows = useSubTransactions(agencyId, params);
  return (
    <section data-testid="sub-transactions">
      <TransactionsList
        query={rows}
        params={params}
        setParams={setParams}
        onExport={(filters) => exportSubTransactions(agencyId, filters)}
        linkOrders={false}
      />
    </section>
  );
}
