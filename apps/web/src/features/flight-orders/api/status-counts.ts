import { useQuery } from '@tanstack/react-query';
import type { StatusCount } from '@portal/domain/flight-order';
import {
  isPendingGroupKey,
  PENDING_GROUP_KEYS,
  PENDING_KEY_PREFIX,
  pendingCountKey,
  type PendingGroupKey,
} from '@portal/domain/flight-order-tabs';
import type { countFlightOrders } from '@portal/domain/api/flight-orders';
import { callApi } from '../../../shared/api/call-api';

/**
 * The counts as the menus and tabs read them; an entry of another shape is dropped, so a malformed
 * answer shows no badge instead of breaking the menu. Checked by hand rather than with the
 * domain's zod `StatusCount`: the menus are on every signed-in page, and zod would come with them.
 */
export function readStatusCounts(value: unknown): StatusCount[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { status, cnt, capped } = entry as Record<string, unknown>;
    const count = typeof cnt === 'number' && Number.isInteger(cnt) && cnt >= 0 ? cnt : null;
    if (typeof status !== 'string' || count === null) return [];
    return [{ status, cnt: count, ...(typeof capped === 'boolean' ? { capped } : {}) }];
  });
}

/**
 * GET /order/v2/flight/orders/status: counts of the given tab or group keys. The key sits under
 * `flight-orders`, which paying and cancelling invalidate, so the counts follow those changes.
 */
export function useStatusCounts(
  keys: readonly string[],
  enabled = true,
  refetchInterval: number | false = false,
) {
  return useQuery({
    queryKey: ['flight-orders', 'status', keys.join(',')],
    queryFn: async () =>
      readStatusCounts(
        await callApi<typeof countFlightOrders>(
          { method: 'GET', path: '/order/v2/flight/orders/status' },
          { query: { status: keys.join(',') } },
          { skipErrorToast: true },
        ),
      ),
    refetchOnWindowFocus: true,
    refetchInterval,
    enabled,
  });
}

const PENDING_COUNT_KEYS = PENDING_GROUP_KEYS.map(pendingCountKey);

/** How often the pending-group counts of the menus refresh while the page is visible. */
export const PENDING_COUNTS_INTERVAL_MS = 60_000;

/** Live counts of the pending-order menu groups, by group key; one call for all of them. */
export function usePendingGroupCounts(enabled: boolean): Partial<Record<PendingGroupKey, number>> {
  const { data } = useStatusCounts(PENDING_COUNT_KEYS, enabled, PENDING_COUNTS_INTERVAL_MS);
  const counts: Partial<Record<PendingGroupKey, number>> = {};
  for (const entry of data ?? []) {
    const group = entry.status.slice(PENDING_KEY_PREFIX.length);
    if (entry.status.startsWith(PENDING_KEY_PREFIX) && isPendingGroupKey(group)) counts[group] = entry.cnt;
  }
  return counts;
}
