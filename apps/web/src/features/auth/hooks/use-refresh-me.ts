import { useEffect } from 'react';
import { useSessionStore } from '../../../shared/stores/session-store';
import { getMe } from '../api/get-me';

/**
 * On app start with a token, refreshes user and company from GET /base/v2/me. The client shows
 * a failure as an error toast and ends the session on a session code.
 */
export function useRefreshMe(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !useSessionStore.getState().token) return;
    getMe().then(
      (me) => useSessionStore.getState().updateFromMe(me),
      () => undefined,
    );
  }, [enabled]);
}
