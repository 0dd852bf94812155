import { Button, Card, Empty, Input, Space, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENCY_BILLS_PERMISSION, allows } from '@portal/domain/access';
import type { SubAgency } from '@portal/domain/agencies';
import { hasPermission } from '@portal/domain/permission';
import { useSessionStore } from '../../../shared/stores/session-store';
import { useSubject } from '../../../shared/stores/subject';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { PasswordShownOnce } from '../../../shared/ui/password-shown-once';
import { QueryError } from '../../../shared/ui/query-error';
import { useAgencies, useChildAgencies, type IssuedApiKey } from '../api/agencies';
import { AgenciesTable } from '../components/agencies-table';
import type { AgencyDialog } from '../components/agency-row-actions';
import { ApiKeyShownOnce } from '../components/api-key-shown-once';
import { buildRows, parentChoices, parentsToLoad } from '../tree/agency-tree';

/*
 * The dialogs and drawers open from a row's actions, so they load when first opened: with their
 * forms (the settings form, the logo upload, money inputs) they would otherwise add about 60 KB
 * to the page's first load (docs/performance/history.md, "What the browser downloads").
 */
const AgencyFormModal = lazy(async () => ({
  default: (await import('../components/agency-form-modal')).AgencyFormModal,
}));
const TopUpModal = lazy(async () => ({ default: (await import('../components/top-up-modal')).TopUpModal }));
const CreditLimitModal = lazy(async () => ({
  default: (await import('../components/credit-limit-modal')).CreditLimitModal,
}));
const AgencySettingsDrawer = lazy(async () => ({
  default: (await import('../settings/agency-settings-drawer')).AgencySettingsDrawer,
}));
const LookToBookDrawer = lazy(async () => ({
  default: (await import('../money/look-to-book-drawer')).LookToBookDrawer,
}));

type Open = { dialog: AgencyDialog | 'create'; agency?: SubAgency } | null;

/** /agency-manager: the tree of sub-agencies, their money, and (for the SuperUser) their management. */
export function AgenciesPage() {
  const { t } = useTranslation();
  const subject = useSubject();
  const company = useSessionStore((s) => s.company);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [password, setPassword] = useState<{ username: string; password: string } | null>(null);
  const [apiKey, setApiKey] = useState<{ agencyName: string; issued: IssuedApiKey } | null>(null);

  const list = useAgencies(applied, page);
  const loaded = useChildAgencies(parentsToLoad(expandedKeys));
  const rows = useMemo(() => buildRows(list.data?.list ?? [], loaded), [list.data, loaded]);
  const ownAgency = { id: company?.id ?? 0, name: company?.name ?? '' };
  const canAdmin = subject !== null && allows('agencyAdmin', subject);
  const canFund = subject !== null && allows('agencyManager', subject);
  const canReadBills = subject !== null && hasPermission(subject.permissions, [AGENCY_BILLS_PERMISSION]);

  const handleSearch = (value: string) => {
    setApplied(value.trim() || undefined);
    setPage(1);
    setExpandedKeys([]);
  };
  const close = () => setOpen(null);

  return (
    <>
      <PageTitle>{t('router.agencyManager')}</PageTitle>
      <Card
        title={
          <Space wrap>
            <Input.Search
              allowClear
              aria-label={t('agencyManager.search')}
              placeholder={t('agencyManager.search')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={handleSearch}
              style={{ width: 280 }}
            />
            {list.data && (
              <Typography.Text type="secondary" data-testid="agencies-count">
                {t(applied ? 'agencyManager.matchCount' : 'agencyManager.count', { total: list.data.total })}
              </Typography.Text>
            )}
          </Space>
        }
        extra={
          canAdmin && (
            <Button type="primary" onClick={() => setOpen({ dialog: 'create' })}>
              {t('agencyManager.add')}
            </Button>
          )
        }
      >
        {list.isError ? (
          <QueryError
            title={t('agencyManager.loadError')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <AgenciesTable
            rows={rows}
            loading={list.isFetching}
            empty={<Empty description={t(applied ? 'agencyManager.noMatch' : 'agencyManager.empty')} />}
            ownAgencyId={ownAgency.id}
            canFund={canFund}
            expandedKeys={expandedKeys}
            onExpandedKeysChange={setExpandedKeys}
            pagination={{ current: page, total: list.data?.total ?? 0, onChange: setPage }}
            actions={{
              canAdmin,
              canReadBills,
              onOpen: (dialog, agency) => setOpen({ dialog, agency }),
              onPasswordReset: (reset) =>
                setPassword({ username: reset.username, password: reset.temporaryPassword }),
              onApiKey: (agency, issued) => setApiKey({ agencyName: agency.name, issued }),
            }}
          />
        )}
      </Card>
      <Suspense fallback={null}>
        {(open?.dialog === 'create' || open?.dialog === 'edit') && (
          <AgencyFormModal
            agency={open.agency}
            ownAgencyId={ownAgency.id}
            parents={parentChoices(ownAgency, rows, open.agency)}
            onClose={close}
            onCreated={({ agency, superAdmin }) => {
              close();
              if (superAdmin.temporaryPassword) {
                setPassword({ username: superAdmin.username, password: superAdmin.temporaryPassword });
              } else {
                void toast().warning(t('agencyManager.form.passwordShownBefore', { name: agency.name }));
              }
            }}
          />
        )}
        {open?.dialog === 'topUp' && open.agency && <TopUpModal agency={open.agency} onClose={close} />}
        {open?.dialog === 'credit' && open.agency && (
          <CreditLimitModal agency={open.agency} onClose={close} />
        )}
        {open?.dialog === 'settings' && open.agency && (
          <AgencySettingsDrawer
            agencyId={open.agency.id}
            agencyName={open.agency.name}
            open
            onClose={close}
          />
        )}
        {open?.dialog === 'lookToBook' && open.agency && (
          <LookToBookDrawer agencyId={open.agency.id} agencyName={open.agency.name} open onClose={close} />
        )}
      </Suspense>
      {password && <PasswordShownOnce {...password} onClose={() => setPassword(null)} />}
      {apiKey && <ApiKeyShownOnce {...apiKey} onClose={() => setApiKey(null)} />}
    </>
  );
}
