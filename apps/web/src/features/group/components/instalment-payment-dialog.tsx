import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupInstalment, GroupOrder } from '@portal/domain/group-order';
import type { PaymentChannel, PaymentPending } from '@portal/domain/payment';
import { redirectTo } from '../../../shared/browser/redirect';
import { getPaymentConfig } from '../../../shared/payment/api/payment';
import { BalancePaymentConfirm } from '../../../shared/payment/components/balance-payment-confirm';
import { ChannelPicker } from '../../../shared/payment/components/channel-picker';
import { QrPayment } from '../../../shared/payment/components/qr-payment';
import { usePayInstalment } from '../api/group-orders';
import { money } from '../lib/format';
import { toast } from '../../../shared/ui/message-bridge';

interface InstalmentPaymentDialogProps {
  order: GroupOrder;
  /** The instalment to pay; the dialog is open while it is set. */
  instalment: GroupInstalment | null;
  onClose: () => void;
}

/**
 * Pays one instalment with a channel of the agency: the balance pays at once; a hosted channel
 * sends the browser to its checkout, which returns to the order's page; a QR channel shows its
 * code here and waits for the payment. Errors (short balance, deadline passed) stay in the dialog.
 */
export function InstalmentPaymentDialog({ order, instalment, onClose }: InstalmentPaymentDialogProps) {
  const { t } = useTranslation();
  const message = toast();
  const client = useQueryClient();
  const config = useQuery({ queryKey: ['flight-payment-config'], queryFn: getPaymentConfig });
  const pay = usePayInstalment(order.id);
  const [channel, setChannel] = useState<PaymentChannel | null>(null);
  const [qr, setQr] = useState<(PaymentPending & { qrCode: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmingBalance, setConfirmingBalance] = useState(false);
  /** One key per attempt of a channel; a retry of the same channel reuses it. */
  const attempt = useRef<{ channel: PaymentChannel; key: string } | null>(null);
  const options = config.data ?? [];
  const chosen = channel ?? options[0]?.channel ?? null;
  const kind = instalment ? t(`groupOrders.instalment.kind.${instalment.kind}`) : '';

  const close = useCallback(() => {
    setQr(null);
    setError(null);
    setChannel(null);
    attempt.current = null;
    onClose();
  }, [onClose]);

  const handlePaid = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['group-orders'] });
    void message.success(t('groupOrders.instalment.paid'));
    close();
  }, [client, message, t, close]);

  const submit = () => {
    setConfirmingBalance(false);
    if (!instalment || !chosen) return;
    if (attempt.current?.channel !== chosen) attempt.current = { channel: chosen, key: crypto.randomUUID() };
    setError(null);
    pay.mutate(
      { n: instalment.n, channel: chosen, idempotencyKey: attempt.current.key },
      {
        onSuccess: (result) => {
          if (result.status === 'paid') handlePaid();
          else if (result.redirectUrl) redirectTo(result.redirectUrl);
          else if (result.qrCode) setQr({ ...result, qrCode: result.qrCode });
          else setError(t('payment.panel.unsupported'));
        },
        onError: (e) => {
          attempt.current = null;
          setError(e.message || t('payment.error.failed'));
        },
      },
    );
  };

  const labelOf = (c: PaymentChannel) => t(options.find((o) => o.channel === c)?.labelKey ?? c);
  return (
    <Modal
      open={instalment !== null}
      title={t('groupOrders.instalment.confirmTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        qr ? (
          <Button onClick={close}>{t('groupOrders.common.back')}</Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('groupOrders.common.back')}</Button>
            <Button
              type="primary"
              loading={pay.isPending}
              disabled={!chosen}
              onClick={() => (chosen === 'balance' ? setConfirmingBalance(true) : submit())}
              data-testid="group-instalment-pay"
            >
              {t('groupOrders.instalment.confirmPay')}
            </Button>
          </Space>
        )
      }
    >
      {instalment && (
        <BalancePaymentConfirm
          open={confirmingBalance}
          amount={instalment.amount}
          subject={kind}
          onConfirm={submit}
          onCancel={() => setConfirmingBalance(false)}
        />
      )}
      {instalment && qr && (
        <QrPayment
          pending={qr}
          channelLabel={labelOf(qr.channel)}
          onPaid={handlePaid}
          onRestart={() => {
            attempt.current = null;
            setQr(null);
          }}
        />
      )}
      {instalment && !qr && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('groupOrders.instalment.confirmText', { kind, amount: money(instalment.amount) })}
          </Typography.Paragraph>
          <ChannelPicker options={options} loaded={config.isSuccess} value={chosen} onChange={setChannel} />
          {error && <Alert type="error" showIcon title={error} data-testid="group-instalment-error" />}
        </Space>
      )}
    </Modal>
  );
}
