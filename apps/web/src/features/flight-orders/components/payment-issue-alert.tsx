import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentIssue } from '@portal/domain/flight-order';

/**
 * What the card payment's provider did outside the portal (a refund in its dashboard, a card
 * dispute): one alert each, so that nobody acts on the order as if its money were where it was.
 */
export function PaymentIssueAlert({ issue }: { issue: PaymentIssue }) {
  const { t } = useTranslation();
  const dispute = issue.dispute;
  const disputeTexts =
    dispute &&
    {
      open: { type: 'warning' as const, title: 'disputeOpenTitle', text: 'disputeOpen' },
      won: { type: 'info' as const, title: 'disputeWonTitle', text: 'disputeWon' },
      lost: { type: 'error' as const, title: 'disputeLostTitle', text: 'disputeLost' },
    }[dispute.state];
  return (
    <>
      {issue.refundedOutside && (
        <Alert
          type="warning"
          showIcon
          data-testid="order-refunded-outside"
          title={t('orders.paymentIssue.refundedTitle')}
          description={t('orders.paymentIssue.refunded', {
            ...issue.refundedOutside,
            channel: issue.channel,
          })}
          style={{ marginBottom: 16 }}
        />
      )}
      {dispute && disputeTexts && (
        <Alert
          type={disputeTexts.type}
          showIcon
          role={dispute.state === 'open' ? 'alert' : undefined}
          data-testid="order-dispute"
          title={t(`orders.paymentIssue.${disputeTexts.title}`)}
          description={
            <>
              {t(`orders.paymentIssue.${disputeTexts.text}`, { ...dispute.amount, reason: dispute.reason })}
              {dispute.state === 'open' && dispute.fundsWithdrawn && (
                <> {t('orders.paymentIssue.disputeWithdrawn', { channel: issue.channel })}</>
              )}
            </>
          }
          style={{ marginBottom: 16 }}
        />
      )}
    </>
  );
}
