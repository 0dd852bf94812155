import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PageTitle } from '../../../shared/ui/page-title';
import { createGroupOrder } from '../api/group-orders';
import { useGroupDraft } from '../lib/draft-store';
import { validateDraft } from '../lib/request-form';
import { toast } from '../../../shared/ui/message-bridge';

// The summary (the journeys' table and antd's Descriptions) loads only for a request that can be
// sent: a fresh load of this address without one goes back to the form and must not download it.
const RequestSummary = lazy(async () => ({
  default: (await import('../components/request-summary')).RequestSummary,
}));

/**
 * /flight/group/booking/confirm: reviews the draft request and sends it with the draft's
 * Idempotency-Key (a resend after a lost answer creates nothing twice), then opens the new order.
 */
export function GroupBookingConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = toast();
  const client = useQueryClient();
  const draft = useGroupDraft((s) => s.draft);
  const sendKey = useGroupDraft((s) => s.sendKey);
  const result = validateDraft(draft);
  // Set with the clearing of the draft, so the emptied draft never sends the page back to the form.
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: () => {
      if (!result.ok || !sendKey) throw new Error('draft not ready');
      return createGroupOrder(result.body, sendKey);
    },
    onSuccess: (order) => {
      setSent(true);
      useGroupDraft.getState().clear();
      void client.invalidateQueries({ queryKey: ['group-orders'] });
      void message.success(t('groupOrders.confirm.sent', { bookingNumber: order.bookingNumber }));
      void navigate(`/flight/group/order/${encodeURIComponent(order.id)}`, { replace: true });
    },
  });

  // Nothing checked to send (opened directly, or edited since "Next"): back to the form.
  if ((!result.ok || !sendKey) && !sent) return <Navigate to="/flight/group/booking" replace />;

  return (
    <div data-testid="group-booking-confirm-page">
      <PageTitle>{t('router.groupBookingConfirm')}</PageTitle>
      <Alert
        type="info"
        showIcon
        title={t('groupOrders.notice.quotes')}
        data-testid="group-quote-notice"
        style={{ marginBottom: 16 }}
      />
      {result.ok && (
        <Card title={t('groupOrders.confirm.review')} style={{ marginBottom: 16 }}>
          <Suspense fallback={<Skeleton active />}>
            <RequestSummary
              journeys={result.body.journeys}
              isChangeDate={result.body.isChangeDate}
              acceptChangeFlight={result.body.acceptChangeFlight}
              passengers={result.body.passengers}
            />
          </Suspense>
        </Card>
      )}
      {send.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="group-send-error"
          title={t('groupOrders.confirm.failed')}
          description={send.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Space>
        <Button onClick={() => void navigate('/flight/group/booking')} disabled={send.isPending}>
          {t('groupOrders.confirm.edit')}
        </Button>
        <Button
          type="primary"
          loading={send.isPending}
          onClick={() => send.mutate()}
          data-testid="group-send"
        >
          {t('groupOrders.confirm.send')}
        </Button>
      </Space>
    </div>
  );
}
