import { Alert, Button, Card, Descriptions, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicClientQuote } from '@portal/domain/api/client-quotes';
import { downloadQuotePdf } from '../../../shared/client-quotes/client-quotes-api';
import { formatDateTime, formatLocalDateTime } from '../../../shared/dates/format-date';
import { formatMoney } from '../../../shared/money/format-money';
import { airlineName, placeName } from '../../../shared/places/names';
import { useReferenceData } from '../../../shared/places/use-reference-data';
import { useLocale } from '../../../shared/stores/subject';
import { PageTitle } from '../../../shared/ui/page-title';

type Term = PublicClientQuote['fareTerms']['change'];

/** A valid quote as the traveller reads it: never a fee line, only the prices with everything in. */
export function QuoteView({ token, quote }: { token: string; quote: PublicClientQuote }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useReferenceData();
  const segments = quote.legs.flatMap((leg) => leg.segments);
  const place = (code: string) => {
    const name = placeName(ref, code, locale);
    return name === code ? code : `${name} (${code})`;
  };
  const term = (rule: Term) =>
    !rule.allowed
      ? t('clientQuotes.page.notAllowed')
      : rule.fee
        ? t('clientQuotes.page.allowedWithFee', { fee: formatMoney(rule.fee) })
        : t('clientQuotes.page.allowed');

  const handleDownload = () => {
    setBusy(true);
    setFailed(null);
    downloadQuotePdf(token, locale)
      .catch((e: unknown) => setFailed(e instanceof Error ? e.message : t('common.unknownError')))
      .finally(() => setBusy(false));
  };

  return (
    <article style={{ maxWidth: 860 }} data-testid="client-quote-page">
      <PageTitle>{t('clientQuotes.page.title')}</PageTitle>
      <Typography.Paragraph type="secondary">
        {t('clientQuotes.page.from', { agency: quote.agencyName })}
        {quote.travellerName && <> · {t('clientQuotes.page.preparedFor', { name: quote.travellerName })}</>}
      </Typography.Paragraph>
      {quote.note && (
        <Alert
          type="info"
          title={t('clientQuotes.page.note')}
          description={quote.note}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card title={t('clientQuotes.page.flights')} size="small" style={{ marginBottom: 16 }}>
        <List
          size="small"
          dataSource={segments}
          renderItem={(s) => (
            <List.Item>
              <Space wrap>
                <strong>{`${s.marketingCarrier}${s.flightNumber}`}</strong>
                <span>{airlineName(ref, s.marketingCarrier, locale)}</span>
                <span>{`${formatLocalDateTime(s.departure.time)} ${place(s.departure.airport)}`}</span>
                <span>→</span>
                <span>{`${formatLocalDateTime(s.arrival.time)} ${place(s.arrival.airport)}`}</span>
              </Space>
            </List.Item>
          )}
        />
        <Typography.Text type="secondary">{t('clientQuotes.page.localTimes')}</Typography.Text>
      </Card>
      <Card title={t('clientQuotes.page.prices')} size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={1} size="small">
          {quote.lines.map((l) => (
            <Descriptions.Item
              key={l.passengerType}
              label={t('clientQuotes.page.perPassenger', {
                type: t(`booking.passengerType.${l.passengerType}`),
                count: l.count,
              })}
            >
              {`${formatMoney(l.subtotal)} (${t('clientQuotes.page.each', { price: formatMoney(l.unitPrice) })})`}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={<strong>{t('clientQuotes.page.total')}</strong>}>
            <strong data-testid="client-quote-total">{formatMoney(quote.total)}</strong>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('clientQuotes.page.fareTerms')} size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('clientQuotes.page.change')}>
            {term(quote.fareTerms.change)}
          </Descriptions.Item>
          <Descriptions.Item label={t('clientQuotes.page.refund')}>
            {term(quote.fareTerms.refund)}
          </Descriptions.Item>
          <Descriptions.Item label={t('clientQuotes.page.noShow')}>
            {term(quote.fareTerms.noShow)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {quote.baggage.length > 0 && (
        <Card title={t('clientQuotes.page.baggage')} size="small" style={{ marginBottom: 16 }}>
          <Descriptions column={1} size="small">
            {quote.baggage.map((b) => (
              <Descriptions.Item key={b.passengerType} label={t(`booking.passengerType.${b.passengerType}`)}>
                {`${t('clientQuotes.page.carryOn', { count: b.carryOn.pieces })}; ${t('clientQuotes.page.checked', { count: b.checked.pieces })}`}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      )}
      <Typography.Paragraph data-testid="client-quote-validity">
        {t('clientQuotes.page.validUntil', { time: formatDateTime(quote.expiresAt) })}{' '}
        {t('clientQuotes.page.subjectToAvailability')}
      </Typography.Paragraph>
      <Button type="primary" onClick={handleDownload} loading={busy} data-testid="client-quote-download">
        {t('clientQuotes.page.download')}
      </Button>
      {failed && <Alert type="error" showIcon role="alert" title={failed} style={{ marginTop: 12 }} />}
    </article>
  );
}
