import { Alert, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Approval } from '@portal/domain/platform-funding';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import {
  useAgencyOptions,
  useApprovals,
  useDecide,
  useRequestCredit,
  useRequestFunding,
} from '../api/approvals';
import { ApprovalsTable } from '../components/approvals-table';
import { CreditForm } from '../components/credit-form';
import { FundingForm } from '../components/funding-form';

/** One list of requests (pending, or the decided history) with its own paging. */
function RequestList({ status, testId }: { status: 'pending' | 'decided'; testId: string }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const rows = useApprovals({ status, ...paging });
  const decide = useDecide();
  const act = async (approval: Approval, action: 'approve' | 'reject' | 'cancel', reason?: string) => {
    await decide.mutateAsync({ id: approval.id, action, ...(reason ? { reason } : {}) });
    toast().success(
      t(
        `platformFunding.${action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'cancelled'}`,
      ),
    );
  };

  if (rows.isError) {
    return (
      <QueryError
        title={t('platformFunding.loadError')}
        error={rows.error}
        onRetry={() => void rows.refetch()}
      />
    );
  }
  return (
    <ApprovalsTable
      testId={testId}
      label={t(status === 'pending' ? 'platformFunding.tabs.pending' : 'platformFunding.tabs.history')}
      data={rows.data}
      loading={rows.isFetching}
      page={paging.page}
      pageSize={paging.pageSize}
      emptyText={t(status === 'pending' ? 'platformFunding.emptyPending' : 'platformFunding.emptyHistory')}
      onPage={(page, pageSize) => setPaging({ page, pageSize })}
      onApprove={(a) => act(a, 'approve')}
      onReject={(a, reason) => act(a, 'reject', reason)}
      onCancel={(a) => act(a, 'cancel')}
    />
  );
}

/** The two request forms, fed with the top-level agencies. */
function RequestForm({ kind }: { kind: 'funding' | 'credit' }) {
  const { t } = useTranslation();
  const agencies = useAgencyOptions();
  const funding = useRequestFunding();
  const credit = useRequestCredit();
  const sent = () => {
    toast().success(t('platformFunding.requested'));
    return true;
  };
  if (agencies.isError) {
    return (
      <QueryError
        title={t('platformFunding.form.agenciesError')}
        error={agencies.error}
        onRetry={() => void agencies.refetch()}
      />
    );
  }
  const options = agencies.data ?? [];
  return kind === 'funding' ? (
    <FundingForm
      agencies={options}
      pending={funding.isPending}
      onSubmit={(body) => funding.mutateAsync(body).then(sent, () => false)}
    />
  ) : (
    <CreditForm
      agencies={options}
      pending={credit.isPending}
      onSubmit={(body) => credit.mutateAsync(body).then(sent, () => false)}
    />
  );
}

/**
 * /platform/funding (platform:finance): the four-eyes requests to fund a top-level agency or set
 * its credit limit. Pending requests with approve and reject (not offered on one's own), the
 * history, and the two forms; nothing posts until a second admin approves.
 */
export function PlatformFundingPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="platform-funding-page">
      <PageTitle>{t('platformShell.page.funding')}</PageTitle>
      <Alert
        type="info"
        showIcon
        title={<Typography.Text>{t('platformFunding.intro')}</Typography.Text>}
        style={{ marginBottom: 16 }}
      />
      <Tabs
        items={[
          {
            key: 'pending',
            label: t('platformFunding.tabs.pending'),
            children: <RequestList status="pending" testId="pending-requests" />,
          },
          {
            key: 'history',
            label: t('platformFunding.tabs.history'),
            children: <RequestList status="decided" testId="request-history" />,
          },
          { key: 'fund', label: t('platformFunding.tabs.fund'), children: <RequestForm kind="funding" /> },
          { key: 'credit', label: t('platformFunding.tabs.credit'), children: <RequestForm kind="credit" /> },
        ]}
      />
    </div>
  );
}
