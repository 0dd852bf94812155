import { Alert, Descriptions, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeReasonKey, type SupportingDocument } from '@portal/domain/after-sales';
import type { Solution, VerificationResult } from '@portal/domain/shopping';
import { money } from '../lib/format';
import { DocumentUpload } from './document-upload';

interface ChangeReviewProps {
  hidden: boolean;
  orderId: string;
  chosen: Solution;
  reason: number;
  remark: string;
  onRemark: (remark: string) => void;
  onDocuments: (documents: SupportingDocument[], uploading: boolean) => void;
  /** The price check's answer when the chosen flight was re-quoted at submit. */
  requoted: VerificationResult | null;
  error: string | null;
  /** What the refusal names field by field (a passenger the new fare does not take), in words. */
  errorDetails?: readonly string[];
}

/** Step three of a change: the chosen flight, supporting documents and a remark. */
export function ChangeReview({
  hidden,
  orderId,
  chosen,
  reason,
  remark,
  onRemark,
  onDocuments,
  requoted,
  error,
  errorDetails = [],
}: ChangeReviewProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="change-review" hidden={hidden}>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('afterSales.change.flights')}>
          {chosen.legs
            .flatMap((leg) => leg.segments)
            .map((s) => `${s.marketingCarrier}${s.flightNumber} ${s.departure.time.replace('T', ' ')}`)
            .join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('afterSales.change.price')}>
          <span data-testid="change-review-price">{money(chosen.priceDetail.total)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('afterSales.form.reason')}>
          {t(changeReasonKey(reason))}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('afterSales.change.quoteNote')}</Typography.Paragraph>
      <Typography.Text strong>{t('afterSales.documents.title')}</Typography.Text>
      <DocumentUpload orderId={orderId} onChange={onDocuments} />
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        {t('afterSales.form.remark')}
      </Typography.Text>
      <Input.TextArea
        value={remark}
        maxLength={500}
        rows={2}
        aria-label={t('afterSales.form.remark')}
        onChange={(e) => onRemark(e.target.value)}
      />
      {requoted?.solution && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="change-requoted"
          title={t('afterSales.change.requoted', {
            before: money(requoted.previousTotal),
            after: money(requoted.solution.priceDetail.total),
          })}
          style={{ marginTop: 12 }}
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="change-error"
          title={error}
          description={
            errorDetails.length > 0 ? (
              <ul data-testid="change-error-details" style={{ margin: 0, paddingInlineStart: 20 }}>
                {errorDetails.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : undefined
          }
          style={{ marginTop: 12 }}
        />
      )}
    </div>
  );
}
