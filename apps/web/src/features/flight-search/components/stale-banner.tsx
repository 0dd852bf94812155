import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The banner of a stale search with a Refresh button that runs it again. */
export function StaleBanner({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="stale-banner"
      title={t('flight.list.stale')}
      action={
        <Button size="small" type="primary" loading={refreshing} onClick={onRefresh}>
          {t('flight.list.refresh')}
        </Button>
      }
    />
  );
}
