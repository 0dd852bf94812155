import { Flex, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { parseAgencyId } from '@portal/domain/sub-agency-ranges';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useSubBalance } from '../money/api/sub-bills';
import { SubBalanceCards } from '../money/components/sub-balance-header';
import { SubEntriesTab } from '../money/components/sub-entries-tab';
import { SubTransactionsTab } from '../money/components/sub-transactions-tab';

/* Only an address with a bad id shows it, so antd's Result (with its picture) loads for it alone. */
const BadAgencyId = lazy(async () => ({
  default: (await import('../money/components/bad-agency-id')).BadAgencyId,
}));

const TABS = ['entries', 'transactions'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/** The bills of one sub-agency once its id is known to be a valid agency id. */
function SubAgencyBills({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'entries';
  const balance = useSubBalance(agencyId);
  const name = balance.data?.agencyName;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="agency-bills-page">
      <PageTitle>{name ? t('agencyMoney.bills.title', { name }) : t('router.agencyBills')}</PageTitle>
      <Flex gap={16} wrap>
        <Link to="/agency-manager">{t('agencyMoney.bills.backToAgencies')}</Link>
        <Link to={`/agency-manager/statements?agencyId=${agencyId}`}>
          {t('agencyMoney.bills.statements')}
        </Link>
      </Flex>
      {balance.isError ? (
        <QueryError
          title={t('agencyMoney.balance.error')}
          error={balance.error}
          onRetry={() => void balance.refetch()}
        />
      ) : (
        <SubBalanceCards balance={balance.data} loading={balance.isPending} />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'entries' ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'entries',
            label: t('agencyMoney.bills.entries'),
            children: <SubEntriesTab agencyId={agencyId} />,
          },
          {
            key: 'transactions',
            label: t('agencyMoney.bills.transactions'),
            children: <SubTransactionsTab agencyId={agencyId} />,
          },
        ]}
      />
    </div>
  );
}

/**
 * /agency-manager/bills/{id} (permission agencybills:read): one sub-agency's wallets, its wallet
 * entries and its transactions, each with filters and Excel export, as the agency's own wallet pages.
 */
export function AgencyBillsPage() {
  const { id } = useParams();
  const agencyId = parseAgencyId(id);
  if (agencyId === null) {
    return (
      <Suspense fallback={null}>
        <BadAgencyId />
      </Suspense>
    );
  }
  // A new id starts afresh: its own tabs, filters and pages.
  return <SubAgencyBills key={agencyId} agencyId={agencyId} />;
}
