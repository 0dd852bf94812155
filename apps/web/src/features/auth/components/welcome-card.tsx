import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { landingPath } from '@portal/domain/navigation';
import { useSessionStore } from '../../../shared/stores/session-store';
import { useSubject } from '../../../shared/stores/subject';
import { PlainCard } from '../../../shared/ui/plain-card';
import { PlainParagraph, PlainTitle } from '../../../shared/ui/plain-text';

/** Shown on the home page to a logged-in user: who they are and a way to their landing page. */
export function WelcomeCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subject = useSubject();
  const user = useSessionStore((s) => s.userInfo);
  const company = useSessionStore((s) => s.company);
  if (!subject || !user) return null;

  return (
    <PlainCard>
      <PlainTitle level={3}>{t('home.welcome.title', { name: user.nickname || user.username })}</PlainTitle>
      <PlainParagraph>{t('home.welcome.text', { company: company?.name ?? '' })}</PlainParagraph>
      <Button type="primary" onClick={() => void navigate(landingPath(subject))}>
        {t('home.welcome.go')}
      </Button>
    </PlainCard>
  );
}
