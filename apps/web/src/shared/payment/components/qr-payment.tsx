import { Alert, Button, QRCode, Space, Statistic, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeRedirect } from '@portal/domain/navigation';
import type { PaymentPending } from '@portal/domain/payment';
import { formatMoney } from '../../money/format-money';
import { usePaymentStatus } from '../hooks/use-payment-status';

interface QrPaymentProps {
  pending: PaymentPending & { qrCode: string };
  /** The channel's label, already translated. */
  channelLabel: string;
  /** Once the payment is confirmed paid by the server. */
  onPaid: () => void;
  /** The payer gives up or starts again (after a failure or timeout). */
  onRestart: () => void;
}

/**
 * A QR-code payment under way: the code to scan with the channel's wallet app, the amount, a
 * countdown to the payment's end and the state asked for every 2 seconds until paid, failed or
 * expired. A code that is a path of this site (the demo's simulated wallet) is rendered as the
 * full address, and also offered as a link.
 */
export function QrPayment({ pending, channelLabel, onPaid, onRestart }: QrPaymentProps) {
  const { t } = useTranslation();
  const [timedOut, setTimedOut] = useState(() => Date.parse(pending.expiresAt) <= Date.now());
  const status = usePaymentStatus(pending.paymentId, !timedOut);
  const state = status.data?.status ?? 'pending';
  const paid = state === 'paid';
  const ended = timedOut || state === 'expired' || state === 'failed' || state === 'rejected';
  const local = isSafeRedirect(pending.qrCode);
  const value = local ? new URL(pending.qrCode, window.location.origin).href : pending.qrCode;

  // Once per payment, whatever the parent re-renders with.
  const told = useRef(false);
  useEffect(() => {
    if (paid && !told.current) {
      told.current = true;
      onPaid();
    }
  }, [paid, onPaid]);

  return (
    <Space
      orientation="vertical"
      size="middle"
      align="center"
      style={{ width: '100%' }}
      data-testid="qr-payment"
    >
      <Typography.Text strong>{t('payment.qr.scan', { channel: channelLabel })}</Typography.Text>
      <span data-testid="qr-amount" style={{ fontSize: 20 }}>
        {formatMoney(pending.amount)}
      </span>
      <QRCode value={value} status={ended ? 'expired' : 'active'} data-testid="qr-code" bordered />
      {!ended && !paid && (
        <Space>
          <Typography.Text>{t('payment.qr.expiresIn')}</Typography.Text>
          <Statistic.Timer
            type="countdown"
            value={Date.parse(pending.expiresAt)}
            format="mm:ss"
            onFinish={() => setTimedOut(true)}
            data-testid="qr-countdown"
          />
        </Space>
      )}
      {!ended && !paid && (
        <Typography.Text type="secondary" data-testid="qr-waiting">
          {t('payment.qr.waiting')}
        </Typography.Text>
      )}
      {local && !ended && !paid && (
        <a href={pending.qrCode} target="_blank" rel="noreferrer" data-testid="qr-open">
          {t('payment.qr.openPage')}
        </a>
      )}
      {paid && <Alert type="success" showIcon title={t('payment.panel.paid')} />}
      {ended && (
        <Alert
          type="warning"
          showIcon
          data-testid="qr-ended"
          title={state === 'failed' ? t('payment.qr.failed') : t('payment.qr.expired')}
          action={
            <Button size="small" onClick={onRestart} data-testid="qr-restart">
              {t('payment.qr.restart')}
            </Button>
          }
        />
      )}
    </Space>
  );
}
