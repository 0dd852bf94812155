import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Disruption } from '@portal/domain/disruptions';
import { localTime } from '../lib/format';

/**
 * The flight before and after, in each airport's local time: `CA1501 PEK-SHA 2026-12-01 08:30 →
 * 10:05`; the new flight's number when it is another one (protection); "Canceled" when none.
 */
export function DisruptionTimes({ disruption }: { disruption: Disruption }) {
  const { t } = useTranslation();
  const { before, after } = disruption;
  const sameFlight = after?.flightNumber === before.flightNumber;
  return (
    <div data-testid="disruption-times">
      <div>
        {before.flightNumber} {before.origin}-{before.destination}
      </div>
      <Typography.Text delete type="secondary">
        {localTime(before.departureLocal)} – {localTime(before.arrivalLocal)}
      </Typography.Text>
      <span aria-hidden> → </span>
      {after ? (
        <Typography.Text strong data-testid="disruption-new-time">
          {sameFlight ? '' : `${after.flightNumber} `}
          {localTime(after.departureLocal)} – {localTime(after.arrivalLocal)}
        </Typography.Text>
      ) : (
        <Typography.Text type="danger" data-testid="disruption-new-time">
          {t('disruptions.canceled')}
        </Typography.Text>
      )}
    </div>
  );
}
