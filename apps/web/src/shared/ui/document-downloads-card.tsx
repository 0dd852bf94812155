import { Alert, Button, Card, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES, type Locale } from '@portal/domain/locale';
import { useLocale } from '../stores/subject';

/** Each language named in itself, as a traveller reads it. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

/** One document the card offers: its button (`download-<id>`) and how it is fetched in a language. */
export interface DocumentDownload {
  id: string;
  label: string;
  download: (lang: Locale) => Promise<unknown>;
}

/**
 * The documents an agent hands the traveller, as PDFs in a chosen language (the screen's own by
 * default), with at least one document: `DocumentDownloadsCard` loads it when there is one.
 */
export function LoadedDocumentDownloadsCard({
  items,
  testId,
}: {
  items: readonly DocumentDownload[];
  testId: string;
}) {
  const { t } = useTranslation();
  const uiLocale = useLocale();
  const [lang, setLang] = useState<Locale>(uiLocale);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const handleDownload = (item: DocumentDownload) => {
    setFailed(null);
    setBusy(item.id);
    item
      .download(lang)
      .catch((e: unknown) =>
        setFailed(e instanceof Error && e.message ? e.message : t('documentDownloads.failed')),
      )
      .finally(() => setBusy(null));
  };

  return (
    <Card title={t('documentDownloads.title')} data-testid={testId} style={{ marginBottom: 16 }}>
      <Space wrap>
        <Radio.Group
          aria-label={t('documentDownloads.language')}
          data-testid="traveller-documents-language"
          optionType="button"
          value={lang}
          onChange={(e) => {
            const value: unknown = e.target.value;
            if (isLocale(value)) setLang(value);
          }}
          options={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
        />
        {items.map((item) => (
          <Button
            key={item.id}
            data-testid={`download-${item.id}`}
            loading={busy === item.id}
            onClick={() => handleDownload(item)}
          >
            {item.label}
          </Button>
        ))}
      </Space>
      {failed && <Alert type="error" showIcon role="alert" title={failed} style={{ marginTop: 12 }} />}
    </Card>
  );
}
