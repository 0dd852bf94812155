import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { LOCALES, type Locale } from '@portal/domain/locale';
import { i18n } from './i18n';
import { flattenKeys, LOCALE_FILES } from './resources';

const textOf = (locale: Locale, key: string) => flattenKeys(LOCALE_FILES[locale]).get(key);
const [errorKey = '', errorTexts] = Object.entries(ERROR_MESSAGES)[0] ?? [];
const [fileKey = '', fileText = ''] = [...flattenKeys(LOCALE_FILES.en)][0] ?? [];

describe('the app i18n instance', () => {
  it('starts with the active locale only and loads another one when the language changes', async () => {
    // A fresh instance, as the app starts with: earlier test files of this worker share the other one.
    vi.resetModules();
    const { i18n, i18nReady } = await import('./i18n');
    await i18nReady;
    const active = i18n.language as Locale;
    expect(LOCALES).toContain(active);
    expect(i18n.hasResourceBundle(active, 'translation')).toBe(true);
    const others = LOCALES.filter((locale) => locale !== active);
    for (const locale of others) expect(i18n.hasResourceBundle(locale, 'translation')).toBe(false);

    const other = active === 'en' ? 'zh-cn' : 'en';
    await i18n.changeLanguage(other);
    expect(i18n.language).toBe(other);
    expect(i18n.hasResourceBundle(other, 'translation')).toBe(true);
  });

  it('starts with the core, adds the parts a page asks for, and brings them to every language switched to', async () => {
    vi.resetModules();
    const { i18n, i18nReady, loadLocaleParts } = await import('./i18n');
    await i18nReady;
    await i18n.changeLanguage('en');
    expect(i18n.exists('login.title')).toBe(true);
    expect(i18n.exists('flight.cabin.economy')).toBe(false);
    expect(i18n.exists('orders.status.issued')).toBe(true);

    await loadLocaleParts(['flight']);
    expect(i18n.t('flight.cabin.economy')).toBe(textOf('en', 'flight.cabin.economy'));
    expect(i18n.exists('orders.list.empty')).toBe(false);

    // A language not loaded yet: its core and every part asked for so far, before it switches.
    await i18n.changeLanguage('zh-tw');
    expect(i18n.t('flight.cabin.economy')).toBe(textOf('zh-tw', 'flight.cabin.economy'));
    // A page asks for another part: in the active language now, in the others when switched to.
    await loadLocaleParts(['orders']);
    expect(i18n.exists('orders.list.empty')).toBe(true);
    await i18n.changeLanguage('en');
    expect(i18n.t('orders.list.empty')).toBe(textOf('en', 'orders.list.empty'));
    expect(i18n.t(errorKey)).toBe(errorTexts?.en);
  });

  it('holds the locale file and the domain error messages of the loaded locale', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t(fileKey)).toBe(fileText);
    expect(i18n.t(errorKey)).toBe(errorTexts?.en);
  });
});
