import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePreferencesStore } from '../../shared/stores/preferences-store';
import { useSubject } from '../../shared/stores/subject';
import {
  AGENCY_ENTRIES,
  BILL_ENTRIES,
  BOOKINGS_ENTRIES,
  selectedKey,
  visibleEntries,
  type MenuEntry,
} from '../menu-items';
import { toMenuItems, useMenuCounts } from './menu-links';

/** The sections with a side menu. */
export type MenuSection = 'bookings' | 'bills' | 'agency';

const SECTION_ENTRIES: Record<MenuSection, readonly MenuEntry[]> = {
  bookings: BOOKINGS_ENTRIES,
  bills: BILL_ENTRIES,
  agency: AGENCY_ENTRIES,
};

/**
 * The side menu of a section layout (bookings, bills, agency management), collapsible; entries of
 * a pending-order group show their live counts. The entries are read here, in this lazily loaded
 * module, so the menus' tables (and the order statuses they count) stay out of the first download.
 */
export function SectionSideMenu({ section }: { section: MenuSection }) {
  const entries = SECTION_ENTRIES[section];
  const { t } = useTranslation();
  const subject = useSubject();
  const { pathname, search } = useLocation();
  const expandMenu = usePreferencesStore((s) => s.expandMenu);
  const setExpandMenu = usePreferencesStore((s) => s.setExpandMenu);
  const visible = useMemo(() => visibleEntries(entries, subject), [entries, subject]);
  const current = selectedKey(visible, pathname, search);
  const { counts, source } = useMenuCounts(visible);
  if (visible.length === 0) return null;

  return (
    <Layout.Sider
      theme="light"
      width={220}
      collapsed={!expandMenu}
      trigger={null}
      style={{ borderRight: '1px solid rgba(5,5,5,0.06)' }}
    >
      <Button
        type="text"
        block
        aria-label={t(expandMenu ? 'menu.collapse' : 'menu.expand')}
        aria-expanded={expandMenu}
        icon={expandMenu ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={() => setExpandMenu(!expandMenu)}
        style={{ borderRadius: 0, height: 40 }}
      />
      <nav aria-label={t('menu.sectionMenu')}>
        <Menu mode="inline" selectedKeys={current ? [current] : []} items={toMenuItems(visible, t, counts)} />
        {source}
      </nav>
    </Layout.Sider>
  );
}
