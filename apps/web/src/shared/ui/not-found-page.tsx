import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The 404 page for paths outside the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 data-testid="page-title">{t('common.notFound.title')}</h1>}
      subTitle={t('common.notFound.text')}
      extra={<Link to="/">{t('common.backHome')}</Link>}
    />
  );
}
