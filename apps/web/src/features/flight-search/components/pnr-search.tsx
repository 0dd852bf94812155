import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { useAnalyzePnr } from '../api/analyze-pnr';
import { usePnrPricing } from '../hooks/use-pnr-pricing';
import { PnrReview } from './pnr-review';

/**
 * PNR-code mode: paste a PNR or itinerary, confirm what was read (passengers, flights, unread
 * lines), then price exactly those flights; the priced reading is handed to `onPriced`.
 */
export function PnrSearch({ onPriced }: { onPriced: (reading: PnrAnalysisResult) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const analyse = useAnalyzePnr();
  const pricing = usePnrPricing();
  const reading = analyse.data;

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
        <PnrReview reading={reading} pricing={pricing.isPending} onPrice={handlePrice} onEdit={handleEdit} />
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
