import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { LOCALES, type Locale } from '@portal/domain/locale';
import { i18n } from './i18n';
import { flattenKeys, LOCALE_FILES } from './resources';

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

  it('holds the locale file and the domain error messages of the loaded locale', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t(fileKey)).toBe(fileText);
    expect(i18n.t(errorKey)).toBe(errorTexts?.en);
  });
});
