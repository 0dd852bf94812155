import { useEffect } from 'react';
import { readPlatformMe } from './platform-api';
import { usePlatformSessionStore } from './platform-session-store';

/**
 * When the platform back office opens with a stored platform session, asks the server who it is:
 * an ended session (idle, signed out elsewhere, admin disabled) signs out here (the client clears
 * it on the session code), changed permissions show at once.
 */
export function useRefreshPlatformAdmin(): void {
  const token = usePlatformSessionStore((s) => s.token);
  useEffect(() => {
    if (!token) return;
    readPlatformMe().then(
      (me) => usePlatformSessionStore.getState().updateFromMe(me),
      () => undefined,
    );
  }, [token]);
}
