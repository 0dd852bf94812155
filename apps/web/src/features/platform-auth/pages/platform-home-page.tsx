import { Card, Col, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { platformMenuFor } from '../../../shared/platform/platform-menu';
import { usePlatformAdmin } from '../../../shared/platform/use-platform-admin';
import { PageTitle } from '../../../shared/ui/page-title';
import { PlatformSignInForm } from '../components/platform-sign-in-form';

/**
 * /platform: the platform back office's sign-in, or, once signed in, its overview (who is signed
 * in, their permissions and the pages they may open). An agency session never counts here.
 */
export function PlatformHomePage() {
  const { t } = useTranslation();
  const { admin } = usePlatformAdmin();

  if (!admin) {
    return (
      <div data-testid="platform-sign-in-page" style={{ maxWidth: 400, margin: '48px auto' }}>
        <Card>
          <PageTitle>{t('platform.signIn.title')}</PageTitle>
          <Typography.Paragraph type="secondary">{t('platform.signIn.intro')}</Typography.Paragraph>
          <PlatformSignInForm />
        </Card>
      </div>
    );
  }

  const pages = platformMenuFor(admin).filter((entry) => entry.path !== '/platform');
  return (
    <div data-testid="platform-home-page">
      <PageTitle>{t('platform.home.welcome', { username: admin.username })}</PageTitle>
      <Typography.Paragraph>
        {t('platform.home.permissions')}{' '}
        {admin.permissions.length === 0 ? (
          <Tag>{t('platform.home.readOnly')}</Tag>
        ) : (
          admin.permissions.map((p) => (
            <Tag key={p}>{t(`platform.permission.${p.replace('platform:', '')}`)}</Tag>
          ))
        )}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {pages.map((entry) => (
          <Col key={entry.key} xs={24} sm={12} lg={8}>
            <Card size="small">
              <Link to={entry.path}>{t(entry.labelKey)}</Link>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
