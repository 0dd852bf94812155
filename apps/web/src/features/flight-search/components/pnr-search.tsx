import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { flightsNotFound } from '../api/accurate-search';
import { useAnalyzePnr } from '../api/analyze-pnr';
import { usePnrPricing } from '../hooks/use-pnr-pricing';
import { PnrNotFound } from './pnr-not-found';
import { PnrReview } from './pnr-review';

interface PnrSearchProps {
  onPriced: (reading: PnrAnalysisResult) => void;
  /** Fills the normal search form with the reading's journeys and passengers. */
  onSearchJourney: (reading: PnrAnalysisResult) => void;
}

/**
 * PNR-code mode: paste a PNR or itinerary, confirm what was read (passengers, flights, unread
 * lines), then price exactly those flights; the priced reading is handed to `onPriced`. Flights
 * that cannot be found are named, with a normal search for the same journey instead.
 */
export function PnrSearch({ onPriced, onSearchJourney }: PnrSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const analyse = useAnalyzePnr();
  const pricing = usePnrPricing();
  const reading = analyse.data;
  const notFound = flightsNotFound(pricing.error);

  const handleAnalyse = () => {
    if (!text.trim()) return;
    pricing.reset();
    analyse.mutate(text);
  };
  const handlePrice = () => {
    if (reading) pricing.mutate(reading, { onSuccess: () => onPriced(reading) });
  };
  const handleEdit = () => {
    analyse.reset();
    pricing.reset();
  };

  return (
    <div data-testid="pnr-search">
      <Form.Item
        label={t('flight.booking.pnr.label')}
        htmlFor="pnr-text"
        extra={t('flight.booking.pnr.hint')}
      >
        <Input.TextArea
          id="pnr-text"
          rows={6}
          value={text}
          readOnly={reading !== undefined}
          onChange={(e) => setText(e.target.value)}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      {reading ? (
        <>
          {notFound && <PnrNotFound flights={notFound} onSearchJourney={() => onSearchJourney(reading)} />}
          <PnrReview
            reading={reading}
            pricing={pricing.isPending}
            onPrice={handlePrice}
            onEdit={handleEdit}
          />
        </>
      ) : (
        <>
          {analyse.error && <UnreadLines error={analyse.error} />}
          <Button type="primary" loading={analyse.isPending} disabled={!text.trim()} onClick={handleAnalyse}>
            {t('flight.booking.pnr.submit')}
          </Button>
        </>
      )}
    </div>
  );
}

/** The lines of a refused text (422: no flight could be read), so the agent sees what failed. */
function UnreadLines({ error }: { error: Error }) {
  const data: unknown = isApiError(error) ? error.data : undefined;
  const listed = typeof data === 'object' && data !== null && 'unreadLines' in data ? data.unreadLines : [];
  const lines = Array.isArray(listed) ? listed.filter((l): l is string => typeof l === 'string') : [];
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={error.message}
      description={
        lines.length > 0 ? <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{lines.join('\n')}</pre> : null
      }
    />
  );
}
