import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@portal/domain/duration';
import type { SolutionLeg } from '@portal/domain/shopping';
import { useLocale } from '../stores/subject';
import { useReferenceData } from '../places/use-reference-data';
import { airlineName, placeName } from '../places/names';

const time = (local: string) => local.slice(11, 16);

/** One journey of a result row: carrier, flight numbers, times (+1 day), airports, duration and stops. */
export function LegSummary({ leg }: { leg: SolutionLeg }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ref = useReferenceData();
  const first = leg.segments[0];
  const last = leg.segments[leg.segments.length - 1];
  if (!first || !last) return null;
  const stops = leg.segments.slice(1).map((s) => s.departure.airport);
  const carrier = first.marketingCarrier;

  return (
    <div className="flight-leg-summary">
      <div className="flight-airline">
        <Tag color="blue" className="carrier-badge">
          {carrier}
        </Tag>
        <span>{airlineName(ref, carrier, locale)}</span>
        <Typography.Text type="secondary" className="flight-numbers">
          {leg.segments.map((s) => `${s.marketingCarrier}${s.flightNumber}`).join(' / ')}
        </Typography.Text>
      </div>
      <div className="flight-point">
        <strong className="flight-time">{time(first.departure.time)}</strong>
        <span title={placeName(ref, first.departure.airport, locale)}>
          {first.departure.airport} {placeName(ref, first.departure.airport, locale)}
        </span>
      </div>
      <div className="flight-middle">
        <span>{formatDuration(leg.durationMinutes)}</span>
        <span className="flight-line" aria-hidden />
        <span>
          {stops.length === 0
            ? t('flight.list.direct')
            : `${t('flight.list.stopCount', { count: stops.length })} · ${stops.join(', ')}`}
        </span>
      </div>
      <div className="flight-point">
        <strong className="flight-time">
          {time(last.arrival.time)}
          {leg.arrivalDayOffset > 0 && (
            <sup
              className="day-offset"
              aria-label={t('flight.list.nextDay', { count: leg.arrivalDayOffset })}
            >
              +{leg.arrivalDayOffset}
            </sup>
          )}
        </strong>
        <span title={placeName(ref, last.arrival.airport, locale)}>
          {last.arrival.airport} {placeName(ref, last.arrival.airport, locale)}
        </span>
      </div>
    </div>
  );
}
