import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LoginResult } from '@portal/domain/auth';
import { landingPath } from '@portal/domain/navigation';
import { useSessionStore } from '../../../shared/stores/session-store';
import { isPartnerCompany, subjectFromSession } from '../../../shared/stores/subject';
import { toast } from '../../../shared/ui/message-bridge';

/** Stores a login result, greets (not the partner agency) and goes to the landing page. */
export function useLoginSuccess(): (result: LoginResult, redirect?: string | null) => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    async (result, redirect) => {
      useSessionStore.getState().setSession(result);
      if (!isPartnerCompany(result.company.id)) void toast().success(t('login.message.success'));
      const subject = subjectFromSession(result);
      await navigate(subject ? landingPath(subject, redirect) : '/profile');
    },
    [navigate, t],
  );
}
