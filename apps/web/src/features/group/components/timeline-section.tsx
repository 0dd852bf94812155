import { Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { type GroupTimelineEntry } from '@portal/domain/group-order';
import { groupStatusColor } from '@portal/domain/group-order-status';
import { formatDateTime } from '../../../shared/dates/format-date';

const DOT_COLOR = {
  success: 'green',
  warning: 'orange',
  primary: 'blue',
  error: 'red',
  info: 'gray',
} as const;

/** What happened to the order, oldest first, each event in the user's language. */
export function TimelineSection({ entries }: { entries: readonly GroupTimelineEntry[] }) {
  const { t } = useTranslation();
  return (
    <Timeline
      data-testid="group-timeline"
      items={entries.map((entry, index) => {
        const params = { ...entry.params };
        if (params.reason && entry.event === 'failed') {
          params.reason = t(`groupOrders.failure.${params.reason}`, { defaultValue: params.reason });
        }
        return {
          key: index,
          color: DOT_COLOR[groupStatusColor(entry.status)],
          content: (
            <>
              <div>{t(`groupOrders.timeline.${entry.event}`, params)}</div>
              <small>{formatDateTime(entry.at)}</small>
            </>
          ),
        };
      })}
    />
  );
}
