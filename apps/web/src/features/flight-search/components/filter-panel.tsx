import { Button, Card, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@portal/domain/shopping';
import { TIME_BANDS } from '@portal/domain/time-band';
import { useLocale } from '../../../shared/stores/subject';
import { useReferenceData } from '../../../shared/places/use-reference-data';
import { countBy, factsOf, hasCheckedBag, type SolutionFilters } from '../model/filters';
import { airlineName, placeName } from '../../../shared/places/names';
import { FilterGroup, type FilterOption } from './filter-group';

interface FilterPanelProps {
  solutions: readonly Solution[];
  filters: SolutionFilters;
  onChange: (patch: Partial<SolutionFilters>) => void;
  onReset: () => void;
}

/** The left column: airlines, stops, time bands, airports per side, cabin, baggage and supplier filters. */
export function FilterPanel({ solutions, filters, onChange, onReset }: FilterPanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ref = useReferenceData();
  const facts = solutions.map(factsOf);
  type Facts = ReturnType<typeof factsOf>;
  const options = (
    pick: (f: Facts) => string | undefined | null,
    label: (v: string) => string,
    order?: string[],
  ): FilterOption[] => {
    const counts = countBy(facts, pick);
    const keys = order ? order.filter((k) => counts.has(k)) : [...counts.keys()].sort();
    return keys.map((value) => ({ value, label: label(value), count: counts.get(value) ?? 0 }));
  };
  const bands = TIME_BANDS.map((b) => b.key);
  const band = (key: string) => t(`flight.list.band.${key}`);
  const baggageCount = solutions.filter(hasCheckedBag).length;

  return (
    <Card
      size="small"
      title={t('flight.list.filters')}
      extra={
        <Button type="link" size="small" onClick={onReset}>
          {t('flight.list.resetFilters')}
        </Button>
      }
      data-testid="filter-panel"
    >
      <FilterGroup
        id="airlines"
        title={t('flight.list.airlines')}
        value={filters.airlines}
        onChange={(airlines) => onChange({ airlines })}
        options={options(
          (f) => f.airline,
          (c) => `${airlineName(ref, c, locale)} (${c})`,
        )}
      />
      <FilterGroup
        id="stops"
        title={t('flight.list.stops')}
        value={filters.stops}
        onChange={(v) => onChange({ stops: v as SolutionFilters['stops'] })}
        options={options(
          (f) => f.stops,
          (k) => t(`flight.list.stopsOption.${k === '2+' ? 'twoPlus' : k}`),
          ['0', '1', '2+'],
        )}
      />
      <FilterGroup
        id="departure-time"
        title={t('flight.list.departureTime')}
        value={filters.departureBands}
        onChange={(v) => onChange({ departureBands: v as SolutionFilters['departureBands'] })}
        options={options((f) => f.departureBand, band, bands)}
      />
      <FilterGroup
        id="arrival-time"
        title={t('flight.list.arrivalTime')}
        value={filters.arrivalBands}
        onChange={(v) => onChange({ arrivalBands: v as SolutionFilters['arrivalBands'] })}
        options={options((f) => f.arrivalBand, band, bands)}
      />
      <FilterGroup
        id="departure-airports"
        title={t('flight.list.departureAirports')}
        value={filters.departureAirports}
        onChange={(departureAirports) => onChange({ departureAirports })}
        options={options(
          (f) => f.departureAirport,
          (c) => `${placeName(ref, c, locale)} (${c})`,
        )}
      />
      <FilterGroup
        id="arrival-airports"
        title={t('flight.list.arrivalAirports')}
        value={filters.arrivalAirports}
        onChange={(arrivalAirports) => onChange({ arrivalAirports })}
        options={options(
          (f) => f.arrivalAirport,
          (c) => `${placeName(ref, c, locale)} (${c})`,
        )}
      />
      <FilterGroup
        id="cabins"
        title={t('flight.booking.cabin')}
        value={filters.cabins}
        onChange={(v) => onChange({ cabins: v as SolutionFilters['cabins'] })}
        options={options(
          (f) => f.cabin,
          (c) => t(`flight.cabin.${c}`),
        )}
      />
      {facts.some((f) => f.supplier) && (
        <FilterGroup
          id="suppliers"
          title={t('flight.list.suppliers')}
          value={filters.suppliers}
          onChange={(suppliers) => onChange({ suppliers })}
          options={options(
            (f) => f.supplier,
            (s) => s,
          )}
        />
      )}
      <Checkbox
        checked={filters.baggageOnly}
        onChange={(e) => onChange({ baggageOnly: e.target.checked })}
        data-testid="filter-baggage"
      >
        {t('flight.list.baggageOnly')} <span className="filter-count">({baggageCount})</span>
      </Checkbox>
    </Card>
  );
}
