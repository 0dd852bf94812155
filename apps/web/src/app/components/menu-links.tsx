import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { MenuEntry } from '../menu-items';

type MenuItems = NonNullable<MenuProps['items']>;

/** antd menu items for entries: leaves are real links, groups are submenus. */
export function toMenuItems(entries: readonly MenuEntry[], t: TFunction): MenuItems {
  return entries.map((entry) =>
    entry.children
      ? { key: entry.key, label: t(entry.labelKey), children: toMenuItems(entry.children, t) }
      : { key: entry.key, label: <Link to={entry.path ?? '/'}>{t(entry.labelKey)}</Link> },
  );
}
