import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** What failed (a list, balances), why, and how to ask again. */
export interface QueryErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
}

/** The alert of `QueryError`: loaded when a query first fails, with antd's Alert. */
export function QueryErrorAlert({ title, error, onRetry }: QueryErrorProps) {
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
