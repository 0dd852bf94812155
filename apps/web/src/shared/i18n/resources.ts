import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { LOCALES, type Locale } from '@portal/domain/locale';
import en from '../../locales/en.json';
import zhCn from '../../locales/zh-cn.json';
import zhTw from '../../locales/zh-tw.json';
import { withMessages, type MessageTree } from './message-tree';

// Every locale at once, for tests and checks. The app loads one locale at a time (`i18n.ts`).
export { flattenKeys, setDotted, type MessageTree } from './message-tree';

/** The app's own locale files, before the domain messages are merged in. */
export const LOCALE_FILES: Record<Locale, MessageTree> = { en, 'zh-cn': zhCn, 'zh-tw': zhTw };

/** The full translation tree of `locale`: the locale file plus the domain's server messages. */
export function buildMessages(locale: Locale): MessageTree {
  return withMessages(LOCALE_FILES[locale], ERROR_MESSAGES, locale);
}

/** i18next resources for every locale. */
export function buildResources(): Record<Locale, { translation: MessageTree }> {
  const entries = LOCALES.map((locale) => [locale, { translation: buildMessages(locale) }] as const);
  return Object.fromEntries(entries) as Record<Locale, { translation: MessageTree }>;
}
