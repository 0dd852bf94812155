import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSubject } from '../../shared/stores/subject';
import { selectedKey, TOP_MENU, visibleEntries } from '../menu-items';
import { toMenuItems, useMenuCounts } from './menu-links';

/** The top menu: only entries whose route the user can enter (spec §2). */
export function TopMenu({ dark }: { dark: boolean }) {
  const { t } = useTranslation();
  const subject = useSubject();
  const { pathname, search } = useLocation();
  const entries = useMemo(() => visibleEntries(TOP_MENU, subject), [subject]);
  const current = selectedKey(entries, pathname, search);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  // Counts are asked for only while a dropdown is open: the top menu is on every page.
  const { counts, source } = useMenuCounts(entries, openKeys.length > 0);
  if (!subject || entries.length === 0) return null;

  return (
    <nav aria-label={t('menu.label')} data-testid="top-menu" style={{ flex: 1, minWidth: 0 }}>
      <Menu
        mode="horizontal"
        theme={dark ? 'dark' : 'light'}
        triggerSubMenuAction="click"
        disabledOverflow
        selectedKeys={current ? [current] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        items={toMenuItems(entries, t, counts)}
        style={{ borderBottom: 'none', background: 'transparent' }}
      />
      {source}
    </nav>
  );
}
