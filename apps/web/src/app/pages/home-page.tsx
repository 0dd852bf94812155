import { Col, Row } from 'antd';
import { LoginPanel } from '../../features/auth/components/login-panel';
import { HomeHero } from '../../features/home/components/home-hero';
import { LazyMarketing } from '../../features/home/components/lazy-marketing';
import { useSite } from '../../features/site/hooks/use-site';

/**
 * The home page (/): the hero beside the login or welcome card in the first screen, then the
 * marketing sections, which download after the first paint (`lazy-marketing.tsx`).
 */
export function HomePage() {
  return (
    <>
      <Row gutter={[32, 32]} align="middle" style={{ minHeight: 420 }}>
        <Col xs={24} md={14}>
          <HomeHero />
        </Col>
        <Col xs={24} md={10}>
          <LoginPanel />
        </Col>
      </Row>
      <Marketing />
    </>
  );
}

/** The marketing sections with the site's figures: the only part of the page the site config changes. */
function Marketing() {
  const site = useSite();
  // A site config cached before the figures existed has none: the defaults apply.
  return <LazyMarketing figures={site?.figures ?? null} />;
}
