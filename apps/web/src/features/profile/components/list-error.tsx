import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list that failed to load: what failed, why, and a retry. */
export function ListError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={error.message || undefined}
      action={
        <Button size="small" onClick={onRetry}>
          {t('profile.retry')}
        </Button>
      }
    />
  );
}
