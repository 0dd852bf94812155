import { Col, Result, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionStore } from '../../../shared/stores/session-store';
import { PageTitle } from '../../../shared/ui/page-title';
import { DefaultsForm } from '../components/defaults-form';
import { FavouritesForm } from '../components/favourites-form';
import { FrequentPassengersSection } from '../components/frequent-passengers-section';
import { MemberCardsSection } from '../components/member-cards-section';
import { PasswordForm } from '../components/password-form';
import { ProfileInfoForm } from '../components/profile-info-form';

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
        <Result
          status="info"
          title={t('profile.loginPrompt.title')}
          extra={<Link to="/">{t('profile.loginPrompt.link')}</Link>}
        />
      )}
    </section>
  );
}
