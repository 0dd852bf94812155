import { Col, Row } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/stores/session-store';
import { PageTitle } from '../../../shared/ui/page-title';
import { DefaultsForm } from '../components/defaults-form';
import { FavouritesForm } from '../components/favourites-form';
import { FrequentPassengersSection } from '../components/frequent-passengers-section';
import { MemberCardsSection } from '../components/member-cards-section';
import { PasswordForm } from '../components/password-form';
import { ProfileInfoForm } from '../components/profile-info-form';

/* Only a logged-out visitor sees it, so antd's Result loads for them alone. */
const LoginPrompt = lazy(async () => ({ default: (await import('../components/login-prompt')).LoginPrompt }));

/**
 * The account page (/profile): profile, password, defaults, frequent passengers and member cards.
 * Public by the guard, so it asks a logged-out visitor to log in.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => s.userInfo);

  return (
    <section>
      <PageTitle>{t('router.profile')}</PageTitle>
      {token && user ? (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={12}>
            <ProfileInfoForm key={user.id} user={user} />
          </Col>
          <Col xs={24} lg={12}>
            <PasswordForm />
            <div style={{ height: 24 }} />
            <DefaultsForm user={user} />
          </Col>
          <Col span={24}>
            <FavouritesForm key={user.id} user={user} />
          </Col>
          <Col span={24}>
            <FrequentPassengersSection />
          </Col>
          <Col span={24}>
            <MemberCardsSection />
          </Col>
        </Row>
      ) : (
        <Suspense fallback={null}>
          <LoginPrompt />
        </Suspense>
      )}
    </section>
  );
}
