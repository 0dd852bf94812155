import { replaceEqualDeep } from '@tanstack/react-query';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY } from './storage-keys';
import type { CompanyInfo, LoginResult, MeResult, UserInfo } from '@portal/domain/auth';
import { useFlightSearchStore } from './flight-search-store';

interface SessionData {
  token: string | null;
  permissions: string[];
  websitePrefix: string;
  userInfo: UserInfo | null;
  company: CompanyInfo | null;
  /** Set when the session ended (logout or session code), spec §3 isLogoutByUser. */
  isLogoutByUser: boolean;
  /** When this page last ended a session (epoch ms, not persisted); 0 when it has not. */
  endedAt: number;
}

interface SessionActions {
  setSession: (result: LoginResult) => void;
  updateFromMe: (me: MeResult) => void;
  updateUserInfo: (userInfo: UserInfo) => void;
  clearSession: () => void;
}

export type SessionState = SessionData & SessionActions;

const EMPTY: SessionData = {
  token: null,
  permissions: [],
  websitePrefix: '',
  userInfo: null,
  company: null,
  isLogoutByUser: false,
  endedAt: 0,
};

/** The logged-in session (spec §3 user session), persisted in localStorage. */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...EMPTY,
      setSession: (result) =>
        set({
          token: result.token,
          permissions: result.permissions,
          websitePrefix: result.websitePrefix,
          userInfo: result.userInfo,
          company: result.company,
          isLogoutByUser: false,
        }),
      // What did not change keeps its object, so that a refresh that brings nothing new re-renders
      // nothing (components select these objects).
      updateFromMe: (me) =>
        set((s) => ({
          permissions: replaceEqualDeep(s.permissions, me.permissions),
          websitePrefix: me.websitePrefix,
          userInfo: replaceEqualDeep(s.userInfo, me.userInfo),
          company: replaceEqualDeep(s.company, me.company),
        })),
      updateUserInfo: (userInfo) => set({ userInfo }),
      clearSession: () => {
        useFlightSearchStore.getState().clear();
        set({ ...EMPTY, isLogoutByUser: true, endedAt: Date.now() });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, permissions, websitePrefix, userInfo, company, isLogoutByUser }) => ({
        token,
        permissions,
        websitePrefix,
        userInfo,
        company,
        isLogoutByUser,
      }),
    },
  ),
);
