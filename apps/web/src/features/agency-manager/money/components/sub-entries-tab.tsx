import { useState } from 'react';
import { FIRST_PAGE, WalletEntriesList } from '../../../../shared/wallet/wallet-lists';
import { exportSubEntries, useSubEntries, type SubEntryParams } from '../api/sub-bills';

/** The sub-agency's wallet entries: filters, server paging and the Excel export of the filters. */
export function SubEntriesTab({ agencyId }: { agencyId: number }) {
  const [params, setParams] = useState<SubEntryParams>(FIRST_PAGE);
  const entries = useSubEntries(agencyId, params);
  return (
    <section data-testid="sub-entries">
      <WalletEntriesList
        query={entries}
        params={params}
        setParams={setParams}
        onExport={(filters) => exportSubEntries(agencyId, filters)}
        linkOrders={false}
      />
    </section>
  );
}
