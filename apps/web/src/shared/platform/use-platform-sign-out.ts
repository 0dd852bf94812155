import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../ui/message-bridge';
import { signOutOfPlatform } from './platform-api';
import { usePlatformSessionStore } from './platform-session-store';

/**
 * Signs the platform admin out: the server ends the session, this tab forgets it (even when the
 * server could not be reached), and the platform sign-in shows. The agency session is untouched.
 */
export function usePlatformSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOutOfPlatform();
    } catch {
      // Forgotten here all the same; the server's session ends at its idle time.
    }
    usePlatformSessionStore.getState().clearSession();
    void toast().success({ content: t('platformShell.signedOut'), key: 'platform-sign-out' });
    await navigate('/platform', { replace: true });
  }, [navigate, t]);
}
