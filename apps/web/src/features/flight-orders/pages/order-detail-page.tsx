import { OrderAncillariesCard } from '../components/order-ancillaries-card';
import { Alert, Button, Card, Descriptions, Popconfirm, Skeleton, Space } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { FlightOrder } from '@portal/domain/flight-order';
import { AWAITING_PAYMENT_STATUSES } from '@portal/domain/flight-order-actions';
import { FLIGHT_MOVING_STATUSES } from '@portal/domain/flight-order-status';
import { isApiError } from '../../../shared/api/api-error';
import { RestrictedButton } from '../../../shared/company/restricted-button';
import { LazyResult } from '../../../shared/ui/lazy-result';
import { PageTitle } from '../../../shared/ui/page-title';
import { AfterSalesActions, AFTER_SALES_ACTIONS } from '../after-sales/after-sales-actions';
import { AfterSalesDetailCard, DocumentsCard, RelatedOrdersCard } from '../after-sales/after-sales-cards';
import { FareTermsCard } from '../components/fare-terms-card';
import { useCancelOrder, useOrder, usePayOrder } from '../api/flight-orders';
import {
  ContactCard,
  PassengersCard,
  PaymentCard,
  PriceCard,
  SegmentsCard,
  TimelineCard,
} from '../components/order-sections';
import { DeadlineCountdown } from '../components/deadline-countdown';
import { PaymentIssueAlert } from '../components/payment-issue-alert';
import { StatusTag } from '../components/status-tag';
import { TravellerDocumentsCard } from '../components/traveller-documents-card';
import { ClientQuoteButton } from '../../../shared/client-quotes/client-quote-button';
import { orderFare } from '../../../shared/client-quotes/quoted-fare';
import { DisruptionPanel } from '../disruptions';
import { timestamp } from '../lib/format';
import { toast } from '../../../shared/ui/message-bridge';
import { MountOnceOpened } from '../../../shared/ui/mount-once-opened';

// The balance payment's confirmation (antd's Modal) loads when a payment is first asked for.
const BalancePaymentConfirm = lazy(async () => ({
  default: (await import('../../../shared/payment/components/balance-payment-confirm')).BalancePaymentConfirm,
}));
// Opened by "pay another way": its dialog, the channels, the QR code and the checkout redirect load then.
const PayOtherDialog = lazy(async () => ({
  default: (await import('../components/pay-other-dialog')).PayOtherDialog,
}));

/** Poll every 3 s while ticketing or the supplier's desk is under way. */
export const POLL_MS = 3000;
const BOOKING_NOT_FOUND = 500001;
const INSUFFICIENT_BALANCE = 600001;
const PAYMENT_EXPIRED = 600005;

function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.code === BOOKING_NOT_FOUND || error.code === 404);
}

/** /flight/orders/:id: the order, its payment and timeline, and the actions it allows. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const order = useOrder(id, (data) =>
    data && FLIGHT_MOVING_STATUSES.includes(data.status) ? POLL_MS : false,
  );

  if (order.isPending) {
    return (
      <div data-testid="flight-order-detail-page">
        <PageTitle>{t('router.flightOrderDetail')}</PageTitle>
        <Skeleton active />
      </div>
    );
  }
  if (order.isError && !order.data) {
    if (isNotFound(order.error)) {
      return (
        <LazyResult
          status="404"
          data-testid="order-not-found"
          title={t('orders.detail.notFound')}
          subTitle={id}
          extra={
            <Link to="/flight/orders">
              <Button type="primary">{t('orders.detail.backToList')}</Button>
            </Link>
          }
        />
      );
    }
    return (
      <div data-testid="flight-order-detail-page">
        <PageTitle>{t('router.flightOrderDetail')}</PageTitle>
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="order-error"
          title={t('orders.detail.error')}
          description={order.error.message}
          action={
            <Button size="small" onClick={() => void order.refetch()}>
              {t('orders.list.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return <OrderView order={order.data} paid={search.get('paid') === '1'} />;
}

function OrderView({ order, paid }: { order: FlightOrder; paid: boolean }) {
  const { t } = useTranslation();
  const message = toast();
  const pay = usePayOrder(order.id);
  const cancel = useCancelOrder(order.id);
  const [choosingChannel, setChoosingChannel] = useState(false);
  const [confirmingBalance, setConfirmingBalance] = useState(false);
  const actions = order.allowedActions;

  const onPay = () => {
    pay.mutate(undefined, {
      onSuccess: () => void message.success(t('orders.detail.paySuccess')),
      onSettled: () => setConfirmingBalance(false),
    });
  };
  const onCancel = () =>
    cancel.mutateAsync().then(
      () => void message.success(t('orders.detail.canceled')),
      (error: Error) => void message.error(error.message || t('orders.detail.cancelFailed')),
    );

  const payError = pay.error && isApiError(pay.error) ? pay.error : null;
  const hasActions = actions.some(
    (action) =>
      action === 'pay' || action === 'cancel' || (AFTER_SALES_ACTIONS as readonly string[]).includes(action),
  );

  return (
    <div data-testid="flight-order-detail-page">
      <PageTitle>{t('router.flightOrderDetail')}</PageTitle>
      {paid && (
        <Alert
          type="success"
          showIcon
          data-testid="order-paid-message"
          title={t('orders.detail.paidMessage')}
          style={{ marginBottom: 16 }}
        />
      )}
      {payError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="order-pay-error"
          title={
            payError.code === INSUFFICIENT_BALANCE
              ? t('orders.detail.insufficientBalance')
              : payError.code === PAYMENT_EXPIRED
                ? t('orders.detail.paymentExpired')
                : payError.message || t('orders.detail.payFailed')
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {order.paymentIssue && <PaymentIssueAlert issue={order.paymentIssue} />}
      {AWAITING_PAYMENT_STATUSES.includes(order.status) && order.paymentDeadline && (
        <DeadlineCountdown
          deadline={order.paymentDeadline}
          testId="order-payment-countdown"
          withinKey="orders.detail.payWithin"
          expiredKey="orders.detail.payExpired"
        />
      )}
      <Card data-testid="order-header" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('orders.field.bookingNumber')}>
            <span data-testid="order-booking-number">{order.bookingNumber}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.field.status')}>
            <StatusTag status={order.status} testId="order-status" />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.field.type')}>
            <span data-testid="order-type">{t(`orders.type.${order.type}`)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.field.pnr')}>
            <span data-testid="order-pnr">{order.pnr ?? '-'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.field.bookingTime')}>
            <span data-testid="order-booking-time">{timestamp(order.bookingTime)}</span>
          </Descriptions.Item>
          {order.paymentDeadline && AWAITING_PAYMENT_STATUSES.includes(order.status) && (
            <Descriptions.Item label={t('orders.field.paymentDeadline')}>
              {timestamp(order.paymentDeadline)}
            </Descriptions.Item>
          )}
        </Descriptions>
        {/* Kept mounted without buttons: a dialog's request that takes the last free tickets
            removes every action, and its dialog must still handle the answer (open the new order). */}
        <Space
          wrap
          style={{ marginTop: 12, display: hasActions ? undefined : 'none' }}
          data-testid="order-actions"
        >
          {actions.includes('pay') && (
            <RestrictedButton
              action="pay"
              type="primary"
              data-testid="order-pay"
              loading={pay.isPending}
              onClick={() => setConfirmingBalance(true)}
            >
              {t('orders.detail.payBalance')}
            </RestrictedButton>
          )}
          {actions.includes('pay') && (
            <RestrictedButton
              action="pay"
              data-testid="order-pay-other"
              onClick={() => setChoosingChannel(true)}
            >
              {t('orders.detail.payOther')}
            </RestrictedButton>
          )}
          {actions.includes('cancel') && (
            <Popconfirm
              title={t('orders.detail.cancelConfirm')}
              okText={t('orders.detail.cancelOk')}
              cancelText={t('common.cancel')}
              onConfirm={onCancel}
            >
              <Button danger data-testid="order-cancel" loading={cancel.isPending}>
                {t('orders.detail.cancelBooking')}
              </Button>
            </Popconfirm>
          )}
          {order.type === 'origin' && order.status === 'to_be_paid' && (
            <ClientQuoteButton
              source={{ kind: 'order', orderId: order.id }}
              currency={order.price.orderTotal.currency}
              fare={orderFare(order)}
            />
          )}
          <AfterSalesActions order={order} />
        </Space>
      </Card>
      <MountOnceOpened open={confirmingBalance}>
        <BalancePaymentConfirm
          open={confirmingBalance}
          amount={order.price.orderTotal}
          subject={order.bookingNumber}
          confirmLoading={pay.isPending}
          onConfirm={onPay}
          onCancel={() => setConfirmingBalance(false)}
        />
      </MountOnceOpened>
      <MountOnceOpened open={choosingChannel}>
        <PayOtherDialog order={order} open={choosingChannel} onClose={() => setChoosingChannel(false)} />
      </MountOnceOpened>
      <DisruptionPanel orderId={order.id} />
      <RelatedOrdersCard order={order} />
      <AfterSalesDetailCard order={order} />
      <TravellerDocumentsCard order={order} />
      <SegmentsCard order={order} />
      <FareTermsCard order={order} />
      <PassengersCard order={order} />
      <OrderAncillariesCard order={order} />
      <ContactCard order={order} />
      <PriceCard order={order} />
      <DocumentsCard order={order} />
      <PaymentCard order={order} />
      <TimelineCard order={order} />
    </div>
  );
}
