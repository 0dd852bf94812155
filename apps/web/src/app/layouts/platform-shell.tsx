import { LogoutOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { platformMenuFor } from '../../shared/platform/platform-menu';
import { usePlatformAdmin } from '../../shared/platform/use-platform-admin';
import { usePlatformSignOut } from '../../shared/platform/use-platform-sign-out';
import { useRefreshPlatformAdmin } from '../../shared/platform/use-refresh-platform-admin';
import { LanguageSwitch } from '../components/language-switch';

/**
 * The platform back office's frame: its own header (title, the platform menu, the signed-in admin
 * and sign-out) and content; nothing of the agency portal's header, menus or session.
 */
export function PlatformShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { admin } = usePlatformAdmin();
  const signOut = usePlatformSignOut();
  useRefreshPlatformAdmin();
  const entries = useMemo(() => (admin ? platformMenuFor(admin) : []), [admin]);
  const selected = entries.filter((e) => e.path === pathname).map((e) => e.key);

  return (
    <Layout style={{ minHeight: '100vh' }} data-layout="platform">
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', gap: 24, background: '#001529', paddingInline: 24 }}
      >
        <Link to="/platform" style={{ color: '#fff', fontWeight: 600, whiteSpace: 'nowrap' }}>
          {t('platformShell.title')}
        </Link>
        {admin && (
          <nav aria-label={t('platformShell.menu')} style={{ flex: 1, minWidth: 0 }}>
            <Menu
              theme="dark"
              mode="horizontal"
              selectedKeys={selected}
              items={entries.map((entry) => ({
                key: entry.key,
                label: <Link to={entry.path}>{t(entry.labelKey)}</Link>,
              }))}
            />
          </nav>
        )}
        {admin && (
          <Space style={{ marginInlineStart: 'auto', color: '#fff' }}>
            <span data-testid="platform-admin">
              {t('platformShell.signedInAs', { username: admin.username })}
            </span>
            <Button
              ghost
              size="small"
              icon={<LogoutOutlined aria-hidden />}
              onClick={() => void signOut()}
              data-testid="platform-sign-out"
            >
              {t('platformShell.signOut')}
            </Button>
          </Space>
        )}
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <main style={{ maxWidth: 1400, margin: '0 auto' }}>{children}</main>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>
        <Space orientation="vertical" size={4}>
          <Typography.Text type="secondary">{t('platformShell.footer')}</Typography.Text>
          <LanguageSwitch />
        </Space>
      </Layout.Footer>
    </Layout>
  );
}
