import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { useAnalyzePnr } from '../api/analyze-pnr';

/** PNR-code mode: paste a PNR or itinerary; its journeys and passengers fill the form, then it searches. */
export function PnrSearch({ onAnalysed }: { onAnalysed: (result: PnrAnalysisResult) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const analyse = useAnalyzePnr();
  const unread = analyse.data?.unreadLines ?? [];

  const handleAnalyse = () => {
    if (!text.trim()) return;
    analyse.mutate(text, { onSuccess: onAnalysed });
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
          onChange={(e) => setText(e.target.value)}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      {unread.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('flight.booking.pnr.unread', { count: unread.length })}
          description={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{unread.join('\n')}</pre>}
        />
      )}
      <Button type="primary" loading={analyse.isPending} disabled={!text.trim()} onClick={handleAnalyse}>
        {t('flight.booking.pnr.submit')}
      </Button>
    </div>
  );
}
