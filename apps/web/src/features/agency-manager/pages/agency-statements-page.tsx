import { Flex, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAgencyMonth } from '../../../shared/company/use-agency-month';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { ExportButton } from '../../../shared/wallet/export-button';
import { exportSubStatements, useSubStatements, type SubStatementFilters } from '../money/api/sub-statements';
import type { DetailTarget } from '../money/components/statement-detail-drawer';
import { StatementFilters } from '../money/components/statement-filters';
import { SubStatementsTable } from '../money/components/sub-statements-table';
import { readStatementQuery, writeStatementQuery } from '../money/lib/statement-params';
import { MountOnceOpened } from '../../../shared/ui/mount-once-opened';

/*
 * A month's detail opens from a row, so its drawer loads when first opened and stays mounted after
 * (it animates closed): antd's Drawer is not needed for the list (docs/performance/javascript-per-route.md).
 */
const StatementDetailDrawer = lazy(async () => ({
  default: (await import('../money/components/statement-detail-drawer')).StatementDetailDrawer,
}));

/**
 * /agency-manager/statements: the statement of each sub-agency and currency over a month or a
 * range of days (opening, top-ups, spending per kind, closing, credit limit), filters kept in the
 * URL (`?agencyId=` preselects one agency), a month's detail day by day, and the Excel export.
 */
export function AgencyStatementsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const currentMonth = useAgencyMonth();
  const query = readStatementQuery(search, currentMonth);
  const { page, pageSize, ...filters } = query;
  const statements = useSubStatements(query);
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  // Nothing to export, or the rows on screen are still those of the previous filters.
  const exportOff = statements.isError || statements.isPlaceholderData || !statements.data?.total;
  const agencyName = statements.data?.list.find((row) => row.agencyId === filters.agencyId)?.agencyName;

  return (
    <div data-testid="agency-statements-page">
      <PageTitle>{t('router.agencyStatements')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('agencyMoney.statement.intro')}</Typography.Paragraph>
      <StatementFilters
        values={filters}
        agencyName={agencyName}
        onApply={(values: SubStatementFilters) =>
          setSearch(writeStatementQuery({ ...values, page: 1, pageSize }))
        }
      />
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <ExportButton disabled={exportOff} onExport={() => exportSubStatements(filters)} />
      </Flex>
      {statements.isError ? (
        <QueryError
          title={t('agencyMoney.statement.error')}
          error={statements.error}
          onRetry={() => void statements.refetch()}
        />
      ) : (
        <SubStatementsTable
          data={statements.data}
          page={page}
          pageSize={pageSize}
          loading={statements.isFetching}
          onPage={(nextPage, nextSize) =>
            setSearch(
              writeStatementQuery({
                ...filters,
                page: nextSize === pageSize ? nextPage : 1,
                pageSize: nextSize,
              }),
            )
          }
          onDetail={(row) =>
            setDetail({ agencyId: row.agencyId, agencyName: row.agencyName, month: row.from.slice(0, 7) })
          }
        />
      )}
      <MountOnceOpened open={detail !== null}>
        <StatementDetailDrawer target={detail} onClose={() => setDetail(null)} />
      </MountOnceOpened>
    </div>
  );
}
