import { Col, Row } from 'antd';
import { LoginPanel } from '../../features/auth/components/login-panel';
import { HomeHero } from '../../features/home/components/home-hero';

/** The home page (/): the hero beside the login or welcome card. */
export function HomePage() {
  return (
    <Row gutter={[32, 32]} align="middle" style={{ minHeight: 420 }}>
      <Col xs={24} md={14}>
        <HomeHero />
      </Col>
      <Col xs={24} md={10}>
        <LoginPanel />
      </Col>
    </Row>
  );
}
