import { Alert, Button, Descriptions, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientQuote } from '@portal/domain/api/client-quotes';
import { formatDateTime } from '../dates/format-date';
import { formatMoney } from '../money/format-money';
import { toast } from '../ui/message-bridge';
import { downloadQuotePdf } from './client-quotes-api';

/** The made quote: the link to send (with a copy button), its PDF, its validity and what it holds. */
export function ClientQuoteCreated({ quote }: { quote: ClientQuote }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const link = `${window.location.origin}${quote.publicPath}`;

  const handleCopy = () => {
    void navigator.clipboard
      .writeText(link)
      .then(() => void toast().success(t('clientQuotes.copied')))
      .catch(() => undefined);
  };

  const handleDownload = () => {
    setBusy(true);
    setFailed(null);
    downloadQuotePdf(quote.token, quote.quote.language)
      .catch((e: unknown) => setFailed(e instanceof Error ? e.message : t('common.unknownError')))
      .finally(() => setBusy(false));
  };

  return (
    <div data-testid="client-quote-created">
      <Alert type="success" showIcon title={t('clientQuotes.created')} style={{ marginBottom: 12 }} />
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input readOnly value={link} aria-label={t('clientQuotes.link')} data-testid="client-quote-link" />
        <Button onClick={handleCopy} data-testid="client-quote-copy">
          {t('clientQuotes.copy')}
        </Button>
      </Space.Compact>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('clientQuotes.shownTotal')}>
          {formatMoney(quote.quote.total)}
        </Descriptions.Item>
        <Descriptions.Item label={t('clientQuotes.effectiveFee')}>
          {formatMoney(quote.effectiveServiceFee)}
        </Descriptions.Item>
        <Descriptions.Item label={t('clientQuotes.fareTotal')}>
          {formatMoney(quote.fareTotal)}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <Button onClick={handleDownload} loading={busy} data-testid="client-quote-pdf">
          {t('clientQuotes.downloadPdf')}
        </Button>
        <span data-testid="client-quote-expiry">
          {t('clientQuotes.validUntil', { time: formatDateTime(quote.quote.expiresAt) })}
        </span>
      </Space>
      {failed && <Alert type="error" showIcon role="alert" title={failed} style={{ marginTop: 12 }} />}
    </div>
  );
}
