import { useEffect, useState } from 'react';
import { SEARCH_STALE_AFTER_MS } from '@portal/domain/limits';

/** True once a search made at `since` (epoch ms) is older than 10 minutes (spec §4); a timer flips it. */
export function useIsStale(since: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const left = since + SEARCH_STALE_AFTER_MS - Date.now();
    if (left < 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 1);
    return () => clearTimeout(timer);
  }, [since]);
  return since !== null && now - since > SEARCH_STALE_AFTER_MS;
}
