import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PlatformAdminInfo, PlatformLoginResult, PlatformMe } from '@portal/domain/platform-schemas';

/** Where the platform session is kept: apart from the agency session, and only for this tab. */
export const PLATFORM_SESSION_STORAGE_KEY = 'portal-platform-session';

interface PlatformSessionData {
  token: string | null;
  admin: PlatformAdminInfo | null;
  expiresAt: string | null;
  /** When this page last ended the platform session (epoch ms, not persisted); 0 when it has not. */
  endedAt: number;
}

interface PlatformSessionActions {
  setSession: (result: PlatformLoginResult) => void;
  /** The admin as the server answered now (permissions may have changed). */
  updateFromMe: (me: PlatformMe) => void;
  clearSession: () => void;
}

export type PlatformSessionState = PlatformSessionData & PlatformSessionActions;

const EMPTY: PlatformSessionData = { token: null, admin: null, expiresAt: null, endedAt: 0 };

/**
 * The platform admin's session, never mixed with the agency one (`session-store.ts`): its own
 * token, sent only by `callPlatformApi`, kept in sessionStorage (it ends with the tab; the back
 * office moves money). Signing out of one never signs out of the other.
 */
export const usePlatformSessionStore = create<PlatformSessionState>()(
  persist(
    (set) => ({
      ...EMPTY,
      setSession: (result) => set({ token: result.token, admin: result.admin, expiresAt: result.expiresAt }),
      updateFromMe: (me) => set((s) => (s.token ? { admin: me.admin, expiresAt: me.expiresAt } : s)),
      clearSession: () => set({ ...EMPTY, endedAt: Date.now() }),
    }),
    {
      name: PLATFORM_SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ token, admin, expiresAt }) => ({ token, admin, expiresAt }),
    },
  ),
);
