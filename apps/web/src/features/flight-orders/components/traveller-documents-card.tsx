import { Alert, Button, Card, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/domain/flight-order';
import { isLocale, LOCALES, type Locale } from '@portal/domain/locale';
import { useLocale } from '../../../shared/stores/subject';
import { downloadTravellerDocument, type TravellerDocumentKind } from '../api/traveller-documents';

/** Each language named in itself, as a traveller reads it. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

/**
 * The documents an agent hands the traveller once the tickets are issued: the e-ticket itinerary
 * (with its receipt) and, when the fare gives one, the invoice, as PDFs in a chosen language.
 */
export function TravellerDocumentsCard({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const uiLocale = useLocale();
  const [lang, setLang] = useState<Locale>(uiLocale);
  const [busy, setBusy] = useState<TravellerDocumentKind | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const offered = order.documents;
  if (!offered?.itinerary) return null;

  const handleDownload = (kind: TravellerDocumentKind) => {
    setFailed(null);
    setBusy(kind);
    downloadTravellerDocument(order.id, kind, lang)
      .catch((e: unknown) =>
        setFailed(e instanceof Error && e.message ? e.message : t('orders.travellerDocs.failed')),
      )
      .finally(() => setBusy(null));
  };

  return (
    <Card
      title={t('orders.travellerDocs.title')}
      data-testid="order-traveller-documents"
      style={{ marginBottom: 16 }}
    >
      <Space wrap>
        <Radio.Group
          aria-label={t('orders.travellerDocs.language')}
          data-testid="traveller-documents-language"
          optionType="button"
          value={lang}
          onChange={(e) => {
            const value: unknown = e.target.value;
            if (isLocale(value)) setLang(value);
          }}
          options={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
        />
        <Button
          data-testid="download-itinerary"
          loading={busy === 'itinerary'}
          onClick={() => handleDownload('itinerary')}
        >
          {t('orders.travellerDocs.itinerary')}
        </Button>
        {offered.invoice && (
          <Button
            data-testid="download-invoice"
            loading={busy === 'invoice'}
            onClick={() => handleDownload('invoice')}
          >
            {t('orders.travellerDocs.invoice')}
          </Button>
        )}
      </Space>
      {failed && <Alert type="error" showIcon role="alert" title={failed} style={{ marginTop: 12 }} />}
    </Card>
  );
}
