import { Layout } from 'antd';
import { Link } from 'react-router';
import { FALLBACK_SITE, useSite } from '../../features/site/hooks/use-site';
import { TopMenu } from './top-menu';
import { UserMenu } from './user-menu';

/** The header: logo (hidden in a partner frame), top menu and user menu. */
export function AppHeader({ dark, embedded }: { dark: boolean; embedded: boolean }) {
  const site = useSite();
  const logo = dark ? site?.whiteLogo || FALLBACK_SITE.whiteLogo : site?.logo || FALLBACK_SITE.logo;
  const name = site?.shortName ?? FALLBACK_SITE.shortName;

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
      <div style={{ flex: 1, minWidth: 0, display: 'flex' }}>
        <TopMenu dark={dark} />
      </div>
      <UserMenu dark={dark} />
    </Layout.Header>
  );
}
