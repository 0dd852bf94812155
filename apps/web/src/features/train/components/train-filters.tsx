import { Card, Checkbox, Segmented, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainOffer } from '@portal/domain/rail';
import { TRAIN_TYPES, type TrainFilter } from '@portal/domain/rail-rules';
import { TIME_BANDS } from '@portal/domain/time-band';
import { useLocale } from '../../../shared/stores/subject';
import { TRAIN_SORTS, type TrainSort } from '../lib/sort-trains';
import { stationName, type NamedStation } from '../lib/station-name';

function distinctStations(stations: NamedStation[]): NamedStation[] {
  const byCode = new Map<string, NamedStation>();
  for (const s of stations) byCode.set(s.code, s);
  return [...byCode.values()];
}

/** The result filters (train type, departure band, stations that appear in the answer) and the sort. */
export function TrainFilters({
  trains,
  filter,
  onFilter,
  sort,
  onSort,
}: {
  trains: readonly TrainOffer[];
  filter: TrainFilter;
  onFilter: (filter: TrainFilter) => void;
  sort: TrainSort;
  onSort: (sort: TrainSort) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const stationOptions = (list: NamedStation[]) =>
    distinctStations(list).map((s) => ({ value: s.code, label: stationName(s, locale) }));

  const group = (label: string, content: ReactNode) => (
    <Space align="start" wrap>
      <Typography.Text strong style={{ minWidth: 110, display: 'inline-block' }}>
        {label}
      </Typography.Text>
      {content}
    </Space>
  );

  return (
    <Card size="small" data-testid="train-filters">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {group(
          t('trainBooking.filters.trainType'),
          <Checkbox.Group
            aria-label={t('trainBooking.filters.trainType')}
            value={filter.trainTypes ?? []}
            onChange={(trainTypes) => onFilter({ ...filter, trainTypes })}
            options={TRAIN_TYPES.map((type) => ({
              value: type,
              label: t(`trainBooking.trainTypes.${type}`),
            }))}
          />,
        )}
        {group(
          t('trainBooking.filters.departureTime'),
          <Checkbox.Group
            aria-label={t('trainBooking.filters.departureTime')}
            value={filter.departureBands ?? []}
            onChange={(departureBands) => onFilter({ ...filter, departureBands })}
            options={TIME_BANDS.map((band) => ({
              value: band.key,
              label: t(`trainBooking.bands.${band.key}`),
            }))}
          />,
        )}
        {group(
          t('trainBooking.filters.departureStation'),
          <Checkbox.Group
            aria-label={t('trainBooking.filters.departureStation')}
            value={filter.departureStations ?? []}
            onChange={(departureStations) => onFilter({ ...filter, departureStations })}
            options={stationOptions(trains.map((tr) => tr.departure.station))}
          />,
        )}
        {group(
          t('trainBooking.filters.arrivalStation'),
          <Checkbox.Group
            aria-label={t('trainBooking.filters.arrivalStation')}
            value={filter.arrivalStations ?? []}
            onChange={(arrivalStations) => onFilter({ ...filter, arrivalStations })}
            options={stationOptions(trains.map((tr) => tr.arrival.station))}
          />,
        )}
        {group(
          t('trainBooking.sort.label'),
          <Segmented<TrainSort>
            aria-label={t('trainBooking.sort.label')}
            value={sort}
            onChange={onSort}
            options={TRAIN_SORTS.map((s) => ({ value: s, label: t(`trainBooking.sort.${s}`) }))}
          />,
        )}
      </Space>
    </Card>
  );
}
