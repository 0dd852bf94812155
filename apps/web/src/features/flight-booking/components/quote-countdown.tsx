import { Alert, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Time left on the quote (expiresAt, 15 minutes from the quote); says so once it has expired. */
export function QuoteCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const deadline = Date.parse(expiresAt);
  const [expired, setExpired] = useState(() => !(deadline > Date.now()));
  if (expired)
    return (
      <Alert type="warning" showIcon title={t('flight.confirm.quoteExpired')} data-testid="quote-expired" />
    );
  return (
    <Statistic.Timer
      type="countdown"
      title={t('flight.confirm.quoteValid')}
      value={deadline}
      format="mm:ss"
      onFinish={() => setExpired(true)}
      data-testid="quote-countdown"
    />
  );
}
