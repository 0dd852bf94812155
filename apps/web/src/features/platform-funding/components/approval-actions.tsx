import { Button, Popconfirm, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Approval } from '@portal/domain/platform-funding';
import { formatMoney } from '../../../shared/money/format-money';
import { RejectModal } from './reject-modal';

export interface ApprovalHandlers {
  onApprove: (approval: Approval) => Promise<unknown>;
  onReject: (approval: Approval, reason: string) => Promise<unknown>;
  onCancel: (approval: Approval) => Promise<unknown>;
}

/** What an approval posts, in words ("CNY 5,000.00", "credit limit CNY 10,000.00"). */
export function postedText(approval: Approval): string {
  const money = approval.amount ?? approval.creditLimit;
  return money ? formatMoney(money) : '';
}

/**
 * The actions the API offers the caller on a request (`allowedActions`): approve and reject for
 * another admin's pending request; for the caller's own, approve and reject stay visible but
 * disabled, with the four-eyes rule said beside them, and cancel is offered.
 */
export function ApprovalActions({ approval, ...handlers }: { approval: Approval } & ApprovalHandlers) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const explanationId = useId();
  const allowed = (action: Approval['allowedActions'][number]) => approval.allowedActions.includes(action);
  const own = approval.blockedBecause === 'ownRequest';
  if (approval.status !== 'pending') return null;

  // A refusal is toasted by the API client with the server's message; the request stays as it was.
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size={4}>
      <Space wrap>
        {allowed('approve') ? (
          <Popconfirm
            title={t('platformFunding.approveConfirm', {
              what: postedText(approval),
              agency: approval.agencyName,
            })}
            onConfirm={() => run(() => handlers.onApprove(approval))}
          >
            <Button type="primary" size="small" loading={busy} data-testid="approve">
              {t('platformFunding.approve')}
            </Button>
          </Popconfirm>
        ) : (
          <Button type="primary" size="small" disabled aria-describedby={own ? explanationId : undefined}>
            {t('platformFunding.approve')}
          </Button>
        )}
        <Button
          size="small"
          danger
          disabled={!allowed('reject') || busy}
          aria-describedby={own ? explanationId : undefined}
          onClick={() => setRejecting(true)}
          data-testid="reject"
        >
          {t('platformFunding.reject')}
        </Button>
        {allowed('cancel') && (
          <Popconfirm
            title={t('platformFunding.cancelConfirm')}
            onConfirm={() => run(() => handlers.onCancel(approval))}
          >
            <Button size="small" loading={busy} data-testid="cancel-request">
              {t('platformFunding.cancel')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {own && (
        <Typography.Text type="secondary" id={explanationId} data-testid="own-request">
          {t('platformFunding.ownRequest')}
        </Typography.Text>
      )}
      <RejectModal
        open={rejecting}
        onClose={() => setRejecting(false)}
        onSubmit={async (reason) => {
          if (await run(() => handlers.onReject(approval, reason))) setRejecting(false);
        }}
      />
    </Space>
  );
}
