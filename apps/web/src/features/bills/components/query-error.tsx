import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A failed list or balance load: what went wrong and a retry. */
export function QueryError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="list-error"
      title={title}
      description={error.message || t('bills.error.unknown')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('bills.error.retry')}
        </Button>
      }
    />
  );
}
