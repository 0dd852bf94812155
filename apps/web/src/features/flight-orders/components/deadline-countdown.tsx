import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeLeft, timestamp } from '../lib/format';

interface DeadlineCountdownProps {
  deadline: string;
  testId: string;
  /** Message while time is left; gets `time` (H:MM:SS) and `deadline`. */
  withinKey: string;
  /** Message once the deadline has passed. */
  expiredKey: string;
}

/** The time left until an order's deadline (to pay, to confirm a refund), ticking every second. */
export function DeadlineCountdown({ deadline, testId, withinKey, expiredKey }: DeadlineCountdownProps) {
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
      data-testid={testId}
      title={left ? t(withinKey, { time: left, deadline: timestamp(deadline) }) : t(expiredKey)}
      style={{ marginBottom: 16 }}
    />
  );
}
