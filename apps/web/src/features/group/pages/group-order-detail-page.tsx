import { Alert, Button, Card, Descriptions, Skeleton, Space } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { GroupOrder } from '@portal/domain/group-order';
import { GROUP_DESK_PENDING_STATUSES, GROUP_FINAL_STATUSES } from '@portal/domain/group-order-status';
import { isApiError } from '../../../shared/api/api-error';
import { formatDateTime } from '../../../shared/dates/format-date';
import { LazyResult } from '../../../shared/ui/lazy-result';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useCancelGroupOrder, useGroupOrder, usePickQuote } from '../api/group-orders';
import { Countdown } from '../components/countdown';
import { GroupStatusTag } from '../components/group-status-tag';
import { GroupDocumentsCard } from '../components/group-documents-card';
import { InstalmentsSection } from '../components/instalments-section';
import { PassengerListDeadline } from '../components/passenger-list-state';
import { QuoteCard } from '../components/quote-card';
import { RequestSummary } from '../components/request-summary';
import { TimelineSection } from '../components/timeline-section';
import { money } from '../lib/format';
import { GroupPassengerListPanel } from '../passenger-list/group-passenger-list-panel';
import { toast } from '../../../shared/ui/message-bridge';
import { MountOnceOpened } from '../../../shared/ui/mount-once-opened';

/**
 * Poll every 5 s while the desk or a job is to answer; every 30 s while the order waits for the
 * agent (a deadline the agent misses fails it by a job); never once it is final.
 */
export const POLL_MS = 5000;
export const WAITING_POLL_MS = 30_000;
const NOT_FOUND = 500001;

// The cancel dialog (with antd's form and text area) loads when first opened: most visits cancel nothing.
const CancelDialog = lazy(async () => ({
  default: (await import('../components/cancel-dialog')).CancelDialog,
}));

function pollWhilePending(order: GroupOrder | undefined): number | false {
  if (!order || GROUP_FINAL_STATUSES.includes(order.status)) return false;
  return GROUP_DESK_PENDING_STATUSES.includes(order.status) ? POLL_MS : WAITING_POLL_MS;
}

/**
 * /flight/group/order/:id: the request, the desk's quotes, the instalment schedule, the passenger
 * list, the timeline, and only the actions the API allows (pick a quote, pay, cancel).
 */
export function GroupOrderDetailPage() {
  const { t } = useTranslation();
  const message = toast();
  const { id = '' } = useParams();
  const order = useGroupOrder(id, pollWhilePending);
  const pick = usePickQuote(id);
  const cancel = useCancelGroupOrder(id);
  const [cancelOpen, setCancelOpen] = useState(false);
  const fail = (error: Error) => void message.error(error.message || t('common.unknownError'));

  const title = <PageTitle>{t('router.groupOrderDetail')}</PageTitle>;
  if (order.isPending) {
    return (
      <div data-testid="group-order-detail-page">
        {title}
        <Skeleton active />
      </div>
    );
  }
  if (order.isError) {
    const notFound = isApiError(order.error) && (order.error.code === NOT_FOUND || order.error.code === 404);
    return (
      <div data-testid="group-order-detail-page">
        {title}
        {notFound ? (
          <LazyResult
            status="404"
            title={t('groupOrders.detail.notFound')}
            extra={<Link to="/flight/group/order">{t('groupOrders.detail.backToList')}</Link>}
          />
        ) : (
          <QueryError
            title={t('groupOrders.detail.error')}
            error={order.error}
            onRetry={() => void order.refetch()}
          />
        )}
      </div>
    );
  }

  const data = order.data;
  const allowed = new Set(data.allowedActions);
  const listOpen = allowed.has('uploadPassengers') || allowed.has('confirmPassengers');
  const visibleQuotes = data.quotes.filter((q) => q.state !== 'withdrawn' || data.quotes.length === 1);
  const withdrawn = data.quotes.length - visibleQuotes.length;

  return (
    <div data-testid="group-order-detail-page">
      {title}
      <Space wrap style={{ marginBottom: 16 }}>
        <strong data-testid="group-booking-number">{data.bookingNumber}</strong>
        <GroupStatusTag status={data.status} testId="group-order-status" />
        <span>{t('groupOrders.detail.createdAt', { time: formatDateTime(data.createdAt) })}</span>
        {allowed.has('cancel') && (
          <Button danger onClick={() => setCancelOpen(true)} data-testid="group-cancel">
            {t('groupOrders.cancel.open')}
          </Button>
        )}
      </Space>
      {data.status === 'to_be_quote' && (
        <Alert type="info" showIcon title={t('groupOrders.notice.quotes')} style={{ marginBottom: 16 }} />
      )}
      {data.failureReason && (
        <Alert
          type="error"
          showIcon
          data-testid="group-failure"
          title={t('groupOrders.detail.failed', { reason: t(`groupOrders.failure.${data.failureReason}`) })}
          style={{ marginBottom: 16 }}
        />
      )}
      {data.cancelReason && (
        <Alert
          type="info"
          showIcon
          title={t('groupOrders.detail.canceled', { reason: data.cancelReason })}
          style={{ marginBottom: 16 }}
        />
      )}
      {data.depositsKept && (
        <Alert
          type="warning"
          showIcon
          data-testid="group-deposits-kept"
          title={t('groupOrders.deposits.kept', { amount: money(data.depositsKept) })}
          style={{ marginBottom: 16 }}
        />
      )}

      <Card title={t('groupOrders.detail.request')} style={{ marginBottom: 16 }}>
        <RequestSummary
          journeys={data.request.journeys}
          isChangeDate={data.request.isChangeDate}
          acceptChangeFlight={data.request.acceptChangeFlight}
          passengers={data.request.passengers}
        />
      </Card>

      <Card
        title={t('groupOrders.detail.quotes')}
        style={{ marginBottom: 16 }}
        extra={
          data.status === 'to_be_confirm' && data.confirmBy ? (
            <span>
              {t('groupOrders.quote.confirmBy')}:{' '}
              <Countdown deadline={data.confirmBy} testId="group-confirm-by" />
            </span>
          ) : null
        }
      >
        {visibleQuotes.length === 0 ? (
          <div data-testid="group-no-quotes">
            {data.status === 'to_be_quote' ? t('groupOrders.quote.waiting') : t('groupOrders.quote.none')}
          </div>
        ) : (
          <>
            <Alert
              type="warning"
              showIcon
              title={t('groupOrders.notice.seatsNotHeld')}
              style={{ marginBottom: 12 }}
            />
            {visibleQuotes.map((quote, index) => (
              <QuoteCard
                key={quote.id}
                quote={quote}
                index={index}
                canPick={allowed.has('pickQuote') && quote.state === 'open'}
                picking={pick.isPending && pick.variables === quote.id}
                onPick={() => pick.mutate(quote.id, { onError: fail })}
              />
            ))}
            {withdrawn > 0 && <div>{t('groupOrders.quote.withdrawnCount', { count: withdrawn })}</div>}
          </>
        )}
      </Card>

      <Card title={t('groupOrders.detail.instalments')} style={{ marginBottom: 16 }}>
        {data.paidTotal && (
          <Descriptions size="small" style={{ marginBottom: 8 }}>
            <Descriptions.Item label={t('groupOrders.field.paid')}>
              <span data-testid="group-paid-total">{money(data.paidTotal)}</span>
            </Descriptions.Item>
          </Descriptions>
        )}
        <InstalmentsSection order={data} />
      </Card>

      <Card title={t('groupOrders.detail.passengerList')} style={{ marginBottom: 16 }}>
        <PassengerListDeadline list={data.passengerList} active={listOpen} />
        <GroupPassengerListPanel orderId={data.id} locked={!listOpen} counts={data.request.passengers} />
      </Card>

      {data.tickets.length > 0 && (
        <Card title={t('groupOrders.detail.tickets')} style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={1}>
            {data.tickets.map((ticket) => (
              <Descriptions.Item key={ticket.passengerId} label={ticket.name}>
                {ticket.ticketNumbers.join(', ')}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      )}

      <GroupDocumentsCard order={data} />

      <Card title={t('groupOrders.detail.timeline')}>
        <TimelineSection entries={data.timeline} />
      </Card>

      <MountOnceOpened open={cancelOpen}>
        <CancelDialog
          open={cancelOpen}
          sending={cancel.isPending}
          depositsPaid={
            data.paidTotal && data.paidTotal.amount !== '0' && Number(data.paidTotal.amount) > 0
              ? money(data.paidTotal)
              : null
          }
          onCancel={() => setCancelOpen(false)}
          onSubmit={(reason) =>
            cancel.mutate(
              { reason },
              {
                onError: fail,
                onSuccess: () => {
                  setCancelOpen(false);
                  void message.success(t('groupOrders.cancel.done'));
                },
              },
            )
          }
        />
      </MountOnceOpened>
    </div>
  );
}
