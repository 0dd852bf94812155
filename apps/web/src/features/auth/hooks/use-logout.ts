import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../../shared/stores/session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { logoutRequest } from '../api/logout';

/**
 * Logging out (spec §4): tell the server (its failure is ignored), clear the session and the
 * flight search, show the logout message unless silent, and return to /.
 */
export function useLogout(): (options?: { silent?: boolean }) => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    async (options) => {
      try {
        await logoutRequest();
      } catch {
        // The local session ends either way.
      }
      useSessionStore.getState().clearSession();
      if (!options?.silent) void toast().success(t('login.message.logout'));
      await navigate('/');
    },
    [navigate, t],
  );
}
