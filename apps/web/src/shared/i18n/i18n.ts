import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES } from '@portal/domain/locale';
import { currentLocale } from '../stores/subject';
import { buildResources } from './resources';

/** The app's i18next instance: locale files plus domain error messages, all bundled. */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: currentLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
