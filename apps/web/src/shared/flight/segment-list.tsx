import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@portal/domain/duration';
import type { SolutionLeg } from '@portal/domain/shopping';
import { terminalNumber } from './terminal';
import { useLocale } from '../stores/subject';
import { useReferenceData } from '../places/use-reference-data';
import { airlineName, placeName } from '../places/names';

/** Minutes between an arrival and the next departure, both local times at the same airport. */
function connectionMinutes(arrival: string, departure: string): number {
  return dayjs(departure).diff(dayjs(arrival), 'minute');
}

/** The segments of each journey with terminals, aircraft, booking class and connection times. */
export function SegmentList({ legs }: { legs: readonly SolutionLeg[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ref = useReferenceData();
  const point = (p: { airport: string; terminal: string | null; time: string }) =>
    `${p.time.replace('T', ' ')} ${placeName(ref, p.airport, locale)} (${p.airport})${p.terminal ? ` ${t('flight.detail.terminal', { terminal: terminalNumber(p.terminal) })}` : ''}`;

  return (
    <ol className="segment-list" aria-label={t('flight.detail.segments')}>
      {legs.flatMap((leg, legIndex) =>
        leg.segments.map((s, i) => {
          const previous = leg.segments[i - 1];
          return (
            <li key={`${legIndex}-${i}`}>
              {previous && (
                <Typography.Text type="warning" className="connection">
                  {t('flight.detail.connection', {
                    airport: placeName(ref, s.departure.airport, locale),
                    duration: formatDuration(connectionMinutes(previous.arrival.time, s.departure.time)),
                  })}
                </Typography.Text>
              )}
              <div>
                <strong>
                  {s.marketingCarrier}
                  {s.flightNumber}
                </strong>{' '}
                {airlineName(ref, s.marketingCarrier, locale)}
                {s.operatingCarrier !== s.marketingCarrier &&
                  ` · ${t('flight.detail.operatedBy', { airline: airlineName(ref, s.operatingCarrier, locale) })}`}
                {` · ${t('flight.detail.aircraft', { aircraft: s.aircraft })} · ${t(`flight.cabin.${s.cabin}`)} (${s.bookingClass})`}
                {s.fareBasis && ` · ${t('flight.detail.fareBasis', { fareBasis: s.fareBasis })}`}
              </div>
              <div>{point(s.departure)}</div>
              <div>
                {point(s.arrival)} · {formatDuration(s.durationMinutes)}
              </div>
            </li>
          );
        }),
      )}
    </ol>
  );
}
