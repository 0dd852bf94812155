import { useMemo } from 'react';
import type { AccessSubject } from '@portal/domain/roles';
import type { Locale } from '@portal/domain/locale';
import { effectiveLocale, isPartnerCompany } from './partner';
import { usePreferencesStore } from './preferences-store';
import { useSessionStore, type SessionState } from './session-store';

export { effectiveLocale, isPartnerCompany };

type SessionSlice = Pick<SessionState, 'token' | 'userInfo' | 'company' | 'permissions'>;

/** The guard's subject from the session: roles, permissions and company flags; null when logged out. */
export function subjectFromSession(session: SessionSlice): AccessSubject | null {
  const { token, userInfo, company, permissions } = session;
  if (!token || !userInfo || !company) return null;
  const common = company.config.commonConfig;
  return {
    roles: userInfo.role,
    permissions,
    company: {
      proxyLevel: company.proxyLevel,
      enableFlightService: common.enableFlightService,
      enableTrainService: common.enableTrainService,
      isShowBill: common.isShowBill,
      canCreateSubAgency: common.canCreateSubAgency,
    },
    ...(userInfo.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

/** React hook form of `subjectFromSession`. */
export function useSubject(): AccessSubject | null {
  const token = useSessionStore((s) => s.token);
  const userInfo = useSessionStore((s) => s.userInfo);
  const company = useSessionStore((s) => s.company);
  const permissions = useSessionStore((s) => s.permissions);
  return useMemo(
    () => subjectFromSession({ token, userInfo, company, permissions }),
    [token, userInfo, company, permissions],
  );
}

/** The current locale outside React (for request headers). */
export function currentLocale(): Locale {
  return effectiveLocale(usePreferencesStore.getState().locale, useSessionStore.getState().company?.id);
}

/** React hook form of `currentLocale`. */
export function useLocale(): Locale {
  const chosen = usePreferencesStore((s) => s.locale);
  const companyId = useSessionStore((s) => s.company?.id);
  return effectiveLocale(chosen, companyId);
}
