import { Layout } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FALLBACK_SITE, useSite } from '../../features/site/hooks/use-site';
import { useSessionStore } from '../../shared/stores/session-store';
import { useSubject } from '../../shared/stores/subject';

// The menus (antd Menu, Dropdown, Badge) load once someone is logged in: not on the login page.
const TopMenu = lazy(async () => ({ default: (await import('./top-menu')).TopMenu }));
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));
const NotificationBell = lazy(async () => ({
  default: (await import('../../features/notifications/components/notification-bell')).NotificationBell,
}));

/** The header: logo (hidden in a partner frame), top menu and user menu. */
export function AppHeader({ dark, embedded }: { dark: boolean; embedded: boolean }) {
  const site = useSite();
  const logo = dark ? site?.whiteLogo || FALLBACK_SITE.whiteLogo : site?.logo || FALLBACK_SITE.logo;
  const name = site?.shortName ?? FALLBACK_SITE.shortName;
  const { t } = useTranslation();
  const subject = useSubject();
  const hasUser = useSessionStore((s) => s.userInfo !== null);
  const signedIn = hasUser && subject !== null;
  const color = dark ? '#fff' : undefined;
  // The same elements while signed in and the theme stays: the header re-renders when the site
  // config or the language arrives, and that must not render the menus along with it (their
  // first render, once their chunk is in, then happens in its own low-priority pass, not inside a
  // store update's synchronous one).
  const menus = useMemo(
    () =>
      signedIn
        ? {
            top: (
              <Suspense fallback={null}>
                <TopMenu dark={dark} />
              </Suspense>
            ),
            user: (
              <Suspense fallback={null}>
                <NotificationBell dark={dark} />
                <UserMenu dark={dark} />
              </Suspense>
            ),
          }
        : null,
    [signedIn, dark],
  );

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        paddingInline: 24,
        borderBottom: dark ? 'none' : '1px solid rgba(5,5,5,0.06)',
      }}
    >
      {!embedded && (
        <Link to="/" aria-label={name} style={{ display: 'flex' }}>
          <img src={logo} alt={name} height={28} />
        </Link>
      )}
      <div style={{ flex: 1, minWidth: 0, display: 'flex' }}>{menus?.top}</div>
      {menus ? (
        menus.user
      ) : (
        <Link to="/" style={{ color }}>
          {t('menu.login')}
        </Link>
      )}
    </Layout.Header>
  );
}
