import { Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSubject } from '../../shared/stores/subject';
import { selectedKey, TOP_MENU, visibleEntries } from '../menu-items';
import { toMenuItems } from './menu-links';

/** The top menu: only entries whose route the user can enter (spec §2). */
export function TopMenu({ dark }: { dark: boolean }) {
  const { t } = useTranslation();
  const subject = useSubject();
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleEntries(TOP_MENU, subject), [subject]);
  const current = selectedKey(entries, pathname);
  if (!subject || entries.length === 0) return null;

  return (
    <nav aria-label={t('menu.label')} data-testid="top-menu" style={{ flex: 1, minWidth: 0 }}>
      <Menu
        mode="horizontal"
        theme={dark ? 'dark' : 'light'}
        triggerSubMenuAction="click"
        disabledOverflow
        selectedKeys={current ? [current] : []}
        items={toMenuItems(entries, t)}
        style={{ borderBottom: 'none', background: 'transparent' }}
      />
    </nav>
  );
}
