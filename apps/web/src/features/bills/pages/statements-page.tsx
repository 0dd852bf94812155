import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementQuery } from '@portal/domain/wallet';
import { useAgencyMonth } from '../../../shared/company/use-agency-month';
import { PageTitle } from '../../../shared/ui/page-title';
import { exportStatements } from '../api/export-lists';
import { useWalletStatements } from '../api/get-wallet-statements';
import { ExportButton } from '../../../shared/wallet/export-button';
import { QueryError } from '../../../shared/ui/query-error';
import { defaultStatementQuery, StatementsFilters } from '../components/statements-filters';
import { StatementsTable } from '../components/statements-table';

/** /bills/statements: the wallet's statement per month and currency, with filters and export. */
export function StatementsPage() {
  const { t } = useTranslation();
  const currentMonth = useAgencyMonth();
  const [query, setQuery] = useState<StatementQuery>(() => defaultStatementQuery(currentMonth));
  const statements = useWalletStatements(query);
  // Nothing to export, or the rows on screen are still those of the previous filters.
  const exportOff =
    statements.isError || statements.isPlaceholderData || !statements.data || statements.data.length === 0;

  return (
    <div data-testid="statements-page">
      <PageTitle>{t('router.statements')}</PageTitle>
      <StatementsFilters initial={query} onApply={setQuery} />
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <ExportButton disabled={exportOff} onExport={() => exportStatements(query)} />
      </Flex>
      {statements.isError ? (
        <QueryError
          title={t('bills.error.statements')}
          error={statements.error}
          onRetry={() => void statements.refetch()}
        />
      ) : (
        <StatementsTable statements={statements.data} loading={statements.isFetching} />
      )}
    </div>
  );
}
