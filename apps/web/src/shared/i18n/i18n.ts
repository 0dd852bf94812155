import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@portal/domain/locale';
import { currentLocale } from '../stores/subject';
import { withDomainMessages, type MessageTree } from './message-tree';

// One chunk per locale file: the page downloads the active locale only, the others on a switch.
const LOCALE_FILES: Record<Locale, () => Promise<{ default: MessageTree }>> = {
  en: () => import('../../locales/en.json'),
  'zh-cn': () => import('../../locales/zh-cn.json'),
  'zh-tw': () => import('../../locales/zh-tw.json'),
};

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The locale file of `locale` plus the domain's error messages in that locale. */
export async function loadMessages(locale: Locale): Promise<MessageTree> {
  const file = await LOCALE_FILES[locale]();
  return withDomainMessages(file.default, locale);
}

/** i18next's loader: `changeLanguage` waits for the locale's messages before it switches. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLocale(language)) {
      callback(null, {});
      return;
    }
    loadMessages(language).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The app's i18next instance: the active locale's file plus the domain error messages. */
export const i18n: I18n = i18next.createInstance();

/** Settles once the active locale is loaded: render the app after it (`main.tsx`). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: currentLocale(),
    // The locale files hold the same keys (checked by their test): no second locale to download.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
