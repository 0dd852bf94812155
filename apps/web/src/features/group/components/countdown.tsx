import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/format-date';
import { timeLeft } from '../lib/format';

/** A deadline in the user's date format with the time left, ticking every second; "passed" after it. */
export function Countdown({ deadline, testId }: { deadline: string; testId?: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(deadline, now);
  useEffect(() => {
    if (!left) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);
  return (
    <span data-testid={testId}>
      {formatDateTime(deadline)}{' '}
      <Typography.Text type={left ? 'warning' : 'danger'}>
        ({left ? t('groupOrders.countdown.left', { time: left }) : t('groupOrders.countdown.passed')})
      </Typography.Text>
    </span>
  );
}
