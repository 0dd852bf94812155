import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A query that failed to load (a list, balances): what failed, why, and a retry. */
export function QueryError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="list-error"
      title={title}
      description={error.message || t('common.unknownError')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
