import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeLeft, timestamp } from '../lib/format';

/** The time left to pay, ticking every second. */
export function PaymentCountdown({ deadline }: { deadline: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeft(deadline, now);
  return (
    <Alert
      type={left ? 'warning' : 'error'}
      showIcon
      data-testid="order-payment-countdown"
      title={
        left
          ? t('orders.detail.payWithin', { time: left, deadline: timestamp(deadline) })
          : t('orders.detail.payExpired')
      }
      style={{ marginBottom: 16 }}
    />
  );
}
