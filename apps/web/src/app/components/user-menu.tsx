import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useSessionStore } from '../../shared/stores/session-store';
import { useSubject } from '../../shared/stores/subject';
import { USER_MENU, visibleEntries } from '../menu-items';
import { toMenuItems } from './menu-links';

/** The user menu (spec §2) with log out, or a login link when logged out. */
export function UserMenu({ dark }: { dark: boolean }) {
  const { t } = useTranslation();
  const subject = useSubject();
  const user = useSessionStore((s) => s.userInfo);
  const logout = useLogout();
  const entries = useMemo(() => visibleEntries(USER_MENU, subject), [subject]);
  const color = dark ? '#fff' : undefined;

  if (!subject || !user) {
    return (
      <Link to="/" style={{ color }}>
        {t('menu.login')}
      </Link>
    );
  }

  const items = [
    ...toMenuItems(entries, t),
    { type: 'divider' as const },
    { key: 'logout', label: t('menu.logout'), onClick: () => void logout() },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" data-testid="user-menu" aria-haspopup="menu" style={{ color }}>
        <UserOutlined aria-hidden />
        {user.nickname || user.username}
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
