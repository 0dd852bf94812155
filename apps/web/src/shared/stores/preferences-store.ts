import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { PREFERENCES_STORAGE_KEY } from './storage-keys';
import type { SiteConfig } from '@portal/domain/auth';
import { DEFAULT_CURRENCY, type Currency } from '@portal/domain/currency';
import { DEFAULT_LOCALE, type Locale } from '@portal/domain/locale';

interface PreferencesState {
  locale: Locale;
  currency: Currency;
  /** Units of `currency` per one CNY, as a decimal string. */
  rate: string;
  expandMenu: boolean;
  site: SiteConfig | null;
  /** When the site config was last loaded (epoch ms); 0 means never. */
  lastUpdateTime: number;
  setLocale: (locale: Locale) => void;
  setCurrency: (currency: Currency, rate: string) => void;
  setExpandMenu: (expandMenu: boolean) => void;
  setSite: (site: SiteConfig, at: number) => void;
}

/** Local preferences and the cached site config (spec §3), persisted in localStorage. */
export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      locale: DEFAULT_LOCALE,
      currency: DEFAULT_CURRENCY,
      rate: '1',
      expandMenu: true,
      site: null,
      lastUpdateTime: 0,
      setLocale: (locale) => set({ locale }),
      setCurrency: (currency, rate) => set({ currency, rate }),
      setExpandMenu: (expandMenu) => set({ expandMenu }),
      setSite: (site, at) => set({ site, lastUpdateTime: at }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ locale, currency, rate, expandMenu, site, lastUpdateTime }) => ({
        locale,
        currency,
        rate,
        expandMenu,
        site,
        lastUpdateTime,
      }),
    },
  ),
);
