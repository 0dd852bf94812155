import { useEffect } from 'react';
import { usePendingGroupCounts } from '../../features/flight-orders/api/status-counts';
import type { MenuCounts } from '../menu-items';

/**
 * Asks for the pending-group counts and hands them to `onCounts`; renders nothing. Loaded lazily
 * by the menus (`useMenuCounts`), so the order schemas it needs stay out of the login page.
 */
export function PendingCountsSource({
  enabled,
  onCounts,
}: {
  enabled: boolean;
  onCounts: (counts: MenuCounts) => void;
}) {
  const counts = usePendingGroupCounts(enabled);
  // The hook builds a new object each render: pass it on only when a count changed.
  const key = JSON.stringify(counts);
  useEffect(() => onCounts(JSON.parse(key) as MenuCounts), [key, onCounts]);
  return null;
}
