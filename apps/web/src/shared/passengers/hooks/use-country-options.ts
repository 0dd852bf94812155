import { useMemo } from 'react';
import { usePreferencesStore } from '../../stores/preferences-store';
import { countryCodes } from '../model/passenger-form';

const DISPLAY_LOCALES = { en: 'en', 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant' } as const;
const COUNTRIES = countryCodes();

/** Country names in the user's language: select options (`Name (CN)`) and a name lookup. */
export function useCountryOptions() {
  const locale = usePreferencesStore((s) => s.locale);
  return useMemo(() => {
    const names = new Intl.DisplayNames([DISPLAY_LOCALES[locale]], { type: 'region' });
    const nameOf = (code: string): string => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
    const options = COUNTRIES.map((code) => ({ value: code, label: `${nameOf(code)} (${code})` }));
    return { options, nameOf };
  }, [locale]);
}
