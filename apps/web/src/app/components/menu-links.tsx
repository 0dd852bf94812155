import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CountBadge } from '../../features/flight-orders/components/count-badge';
import { hasPendingGroup, type MenuCounts, type MenuEntry } from '../menu-items';

type MenuItems = NonNullable<MenuProps['items']>;

const COUNTED = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 } as const;

function linkOf(entry: MenuEntry, t: TFunction, counts: MenuCounts) {
  const to = { pathname: entry.path ?? '/', search: entry.search ? `?${entry.search}` : '' };
  if (!entry.pendingGroup) return <Link to={to}>{t(entry.labelKey)}</Link>;
  const count = counts[entry.pendingGroup];
  return (
    <Link to={to} style={COUNTED}>
      <span>{t(entry.labelKey)}</span>
      {count !== undefined && <CountBadge count={count} testId={`menu-count-${entry.key}`} />}
    </Link>
  );
}

/** antd menu items for entries: leaves are real links, groups are submenus or headed groups. */
export function toMenuItems(entries: readonly MenuEntry[], t: TFunction, counts: MenuCounts = {}): MenuItems {
  return entries.map((entry) => {
    if (!entry.children) return { key: entry.key, label: linkOf(entry, t, counts) };
    const children = toMenuItems(entry.children, t, counts);
    return entry.grouped
      ? { type: 'group' as const, key: entry.key, label: t(entry.labelKey), children }
      : { key: entry.key, label: t(entry.labelKey), children };
  });
}

// The counts come with the order schemas: loaded once a menu shows a pending group, never on login.
const PendingCountsSource = lazy(async () => ({
  default: (await import('./pending-counts-source')).PendingCountsSource,
}));

/**
 * The pending-group counts for `entries` (already filtered to what the user may enter): one call
 * for all groups, made only when a group is shown and `active` (the top menu waits until its
 * dropdown opens), so users without flight orders never ask. Render `source` beside the menu: it
 * is what asks (it renders nothing).
 */
export function useMenuCounts(
  entries: readonly MenuEntry[],
  active = true,
): { counts: MenuCounts; source: ReactNode } {
  const [counts, setCounts] = useState<MenuCounts>({});
  const wanted = active && hasPendingGroup(entries);
  const source = wanted ? (
    <Suspense fallback={null}>
      <PendingCountsSource enabled onCounts={setCounts} />
    </Suspense>
  ) : null;
  return { counts, source };
}
