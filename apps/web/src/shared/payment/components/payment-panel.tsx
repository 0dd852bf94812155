import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ERRORS } from '@portal/domain/errors';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { PaymentChannel, PaymentPending } from '@portal/domain/payment';
import { isApiError } from '../../api/api-error';
import { redirectTo } from '../../browser/redirect';
import { RestrictedButton } from '../../company/restricted-button';
import { formatMoney } from '../../money/format-money';
import { toast } from '../../ui/message-bridge';
import { getPaymentConfig, payFlightOrder } from '../api/payment';
import { BalancePaymentConfirm } from './balance-payment-confirm';
import { ChannelPicker } from './channel-picker';

// Shown once a QR-code wallet is chosen: the code and its countdown load then.
const QrPayment = lazy(async () => ({ default: (await import('./qr-payment')).QrPayment }));

interface PaymentPanelProps {
  order: FlightOrder;
  /** `new`: right after booking (says the order was created, offers "pay later"); `existing`: an order's page. */
  context?: 'new' | 'existing';
  /** After a balance payment; by default the order's page opens. */
  onPaid?: () => void;
}

/**
 * Payment of an order (a new booking, or the amount due of a change): booking number, amount and
 * deadline countdown, the agency's channels. Balance pays at once; a hosted channel sends the
 * browser to its checkout, which returns to the order page; a QR channel shows its code and waits
 * for the payment. Insufficient balance and an expired deadline are said in the panel.
 */
export function PaymentPanel({ order, context = 'new', onPaid }: PaymentPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: ['flight-payment-config'], queryFn: getPaymentConfig });
  const [channel, setChannel] = useState<PaymentChannel | null>(null);
  const [paying, setPaying] = useState(false);
  const [confirmingBalance, setConfirmingBalance] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<(PaymentPending & { qrCode: string }) | null>(null);
  const [expired, setExpired] = useState(
    () => order.paymentDeadline !== null && Date.parse(order.paymentDeadline) <= Date.now(),
  );
  /** One key per attempt of a channel; a retry of the same channel reuses it. */
  const attempt = useRef<{ channel: PaymentChannel; key: string } | null>(null);
  const options = config.data ?? [];
  const chosen = channel ?? options[0]?.channel ?? null;
  const orderPath = `/flight/orders/${encodeURIComponent(order.id)}`;
  const labelOf = (c: PaymentChannel) => t(options.find((o) => o.channel === c)?.labelKey ?? c);

  const handlePaid = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['flight-orders'] });
    void toast().success(t('payment.panel.paid'));
    if (onPaid) onPaid();
    else void navigate(orderPath);
  }, [queryClient, t, onPaid, navigate, orderPath]);

  const pay = async () => {
    setConfirmingBalance(false);
    if (!chosen) return;
    if (attempt.current?.channel !== chosen) attempt.current = { channel: chosen, key: crypto.randomUUID() };
    setPaying(true);
    setError(null);
    try {
      const body = chosen === 'balance' ? { channel: chosen } : { channel: chosen, returnUrl: orderPath };
      const result = await payFlightOrder(order, body, attempt.current.key);
      if (result.status === 'paid') {
        handlePaid();
      } else if (result.redirectUrl) {
        redirectTo(result.redirectUrl);
      } else if (result.qrCode) {
        setQr({ ...result, qrCode: result.qrCode });
      } else {
        setError(t('payment.panel.unsupported'));
      }
    } catch (e) {
      attempt.current = null;
      if (isApiError(e) && e.code === ERRORS.INSUFFICIENT_BALANCE.code)
        setError(t(ERRORS.INSUFFICIENT_BALANCE.key));
      else if (isApiError(e) && e.code === ERRORS.PAYMENT_EXPIRED.code) {
        setError(t(ERRORS.PAYMENT_EXPIRED.key));
        setExpired(true);
      } else setError(e instanceof Error && e.message ? e.message : t('payment.error.failed'));
    } finally {
      setPaying(false);
    }
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('payment.panel.title')}
        </Typography.Title>
      }
      data-testid="payment-panel"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {context === 'new' && <Alert type="success" showIcon title={t('payment.panel.created')} />}
        <Descriptions column={{ xs: 1, md: 3 }} bordered size="small">
          <Descriptions.Item label={t('payment.panel.bookingNumber')}>
            <span data-testid="booking-number">{order.bookingNumber}</span>
          </Descriptions.Item>
          <Descriptions.Item
            label={order.type === 'change' ? t('payment.panel.amountDue') : t('payment.panel.total')}
          >
            <span data-testid="order-total">{formatMoney(order.price.orderTotal)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('payment.panel.deadline')}>
            {order.paymentDeadline && !expired ? (
              <Statistic.Timer
                type="countdown"
                value={Date.parse(order.paymentDeadline)}
                format="HH:mm:ss"
                onFinish={() => setExpired(true)}
                data-testid="payment-countdown"
              />
            ) : (
              t('payment.panel.deadlinePassed')
            )}
          </Descriptions.Item>
        </Descriptions>
        <BalancePaymentConfirm
          open={confirmingBalance}
          amount={order.price.orderTotal}
          subject={order.bookingNumber}
          onConfirm={() => void pay()}
          onCancel={() => setConfirmingBalance(false)}
        />
        {qr ? (
          <Suspense fallback={<Skeleton active />}>
            <QrPayment
              pending={qr}
              channelLabel={labelOf(qr.channel)}
              onPaid={handlePaid}
              onRestart={() => {
                attempt.current = null;
                setQr(null);
              }}
            />
          </Suspense>
        ) : (
          <>
            <ChannelPicker options={options} loaded={config.isSuccess} value={chosen} onChange={setChannel} />
            {error && <Alert type="error" showIcon title={error} data-testid="payment-error" />}
            <Space>
              <RestrictedButton
                action="pay"
                type="primary"
                onClick={() => (chosen === 'balance' ? setConfirmingBalance(true) : void pay())}
                loading={paying}
                disabled={!chosen || expired}
                data-testid="pay-button"
              >
                {t('payment.panel.pay')}
              </RestrictedButton>
              {context === 'new' && (
                <Button onClick={() => void navigate(orderPath)}>{t('payment.panel.later')}</Button>
              )}
            </Space>
          </>
        )}
      </Space>
    </Card>
  );
}
