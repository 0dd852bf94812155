import { Alert, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainOrder, TrainTimelineEntry } from '@portal/domain/train-order';
import { trainStatusLabelKey } from '@portal/domain/train-order-status';
import { formatDateTime } from '../../../shared/dates/format-date';

/**
 * A timeline note in the reader's language: the portal's own notes by key with their values; free
 * text (rows older than the keys, the railway's own reasons) as it is.
 */
function useNoteText() {
  const { t } = useTranslation();
  return (entry: TrainTimelineEntry): string | null =>
    entry.noteKey
      ? t(`trainOrders.timelineNote.${entry.noteKey}`, {
          ...entry.noteParams,
          defaultValue: entry.note ?? entry.noteKey,
        })
      : entry.note;
}

/** The order's timeline, oldest first: each status, when, and its note. */
export function TrainOrderTimeline({ order }: { order: TrainOrder }) {
  const { t } = useTranslation();
  const noteText = useNoteText();
  return (
    <>
      <Typography.Title level={5}>{t('trainOrders.timeline')}</Typography.Title>
      <Timeline
        items={order.timeline.map((entry, index) => {
          const note = noteText(entry);
          return {
            key: `${entry.status}-${entry.at}-${index}`,
            content: (
              <>
                <Typography.Text strong>{t(trainStatusLabelKey(entry.status))}</Typography.Text>{' '}
                <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
                {note && <div data-testid="train-timeline-note">{note}</div>}
              </>
            ),
          };
        })}
      />
    </>
  );
}

/**
 * While an order is back to ticketed after a refund the railway refused (or never answered), a
 * warning says so with the reason of the latest timeline entry; asking again moves it on.
 */
export function RefusedRefundAlert({ order }: { order: TrainOrder }) {
  const { t } = useTranslation();
  const noteText = useNoteText();
  const [previous, latest] = order.timeline.slice(-2);
  if (order.status !== 'ticketed' || previous?.status !== 'refunding' || latest?.status !== 'ticketed') {
    return null;
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="train-refund-refused"
      title={t('trainOrders.refundRefused')}
      description={noteText(latest)}
    />
  );
}
