import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@portal/domain/locale';
import { usePreferencesStore } from '../../shared/stores/preferences-store';
import { useLocale } from '../../shared/stores/subject';

/** Language names, each in its own language. */
const LANGUAGES: readonly { locale: Locale; label: string }[] = [
  { locale: 'en', label: 'English' },
  { locale: 'zh-cn', label: '简体中文' },
  { locale: 'zh-tw', label: '繁體中文' },
];

/** Footer language switch: English / 简体中文 / 繁體中文. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const setLocale = usePreferencesStore((s) => s.setLocale);
  return (
    <div role="group" aria-label={t('footer.language')} data-testid="language-switch">
      <Space size={4} wrap>
        {LANGUAGES.map((language) => (
          <Button
            key={language.locale}
            size="small"
            type={language.locale === locale ? 'primary' : 'text'}
            aria-pressed={language.locale === locale}
            lang={language.locale}
            onClick={() => setLocale(language.locale)}
          >
            {language.label}
          </Button>
        ))}
      </Space>
    </div>
  );
}
