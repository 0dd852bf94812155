import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/stores/session-store';
import { PlainCard } from '../../../shared/ui/plain-card';
import { LoginForm } from './login-form';
import { WelcomeCard } from './welcome-card';

/** The login card, or the welcome card once logged in. */
export function LoginPanel() {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((s) => Boolean(s.token));
  if (loggedIn) return <WelcomeCard />;
  return (
    <PlainCard title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('login.title')}</h2>}>
      <LoginForm />
    </PlainCard>
  );
}
