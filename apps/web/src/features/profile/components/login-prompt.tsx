import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What the account page shows a logged-out visitor: a prompt to log in. */
export function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('profile.loginPrompt.title')}
      extra={<Link to="/">{t('profile.loginPrompt.link')}</Link>}
    />
  );
}
