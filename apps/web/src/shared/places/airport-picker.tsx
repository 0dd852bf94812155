import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../stores/subject';
import { useFavouriteCities } from './use-favourite-cities';
import { useRecentPlaces } from './use-recent-places';
import { useReferenceData } from './use-reference-data';
import {
  codeOfOption,
  enterPicksFirst,
  optionOf,
  placeLabel,
  searchOptions,
  type PlaceOption,
} from './airport-options';

interface AirportPickerProps {
  id: string;
  label: string;
  value: string | null;
  onChange: (code: string) => void;
  /** Multi-city: city lines are shown but cannot be picked. */
  airportsOnly: boolean;
  invalid?: boolean;
}

/** An option line; a city that cannot be picked (multi-city) says to choose one of its airports. */
function render(option: PlaceOption, cityHint: string) {
  return {
    value: option.value,
    disabled: option.disabled,
    label: (
      <span style={{ paddingLeft: option.nested ? 16 : 0, fontWeight: option.kind === 'city' ? 600 : 400 }}>
        {option.label}
        {option.kind === 'city' && option.disabled && (
          <span style={{ fontWeight: 400 }}>{` · ${cityHint}`}</span>
        )}
      </span>
    ),
  };
}

/**
 * Airport or city picker: searches the reference data on every keystroke (cities first, their
 * airports indented), shows favourite and recent cities while the input is empty, and a star to
 * add or remove the picked city from the favourites.
 */
export function AirportPicker({ id, label, value, onChange, airportsOnly, invalid }: AirportPickerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The catalog (about 160 KB) loads once the picker has a place to name or the user turns to it,
  // not with the page.
  const [engaged, setEngaged] = useState(false);
  const wanted = engaged || value !== null;
  const ref = useReferenceData(wanted);
  const [query, setQuery] = useState('');
  const recent = useRecentPlaces((s) => s.codes);
  const { favourites, toggle } = useFavouriteCities();

  const found = useMemo(
    () => (ref && query.trim() ? searchOptions(ref, query, locale, airportsOnly) : []),
    [ref, query, locale, airportsOnly],
  );
  const options = useMemo(() => {
    if (!ref) return [];
    const cityHint = t('flight.booking.help.chooseAirport');
    if (query.trim()) return found.map((o) => render(o, cityHint));
    const pick = (codes: string[]) =>
      codes.flatMap((code) => {
        const option = optionOf(ref, code, locale, airportsOnly);
        return option ? [render(option, cityHint)] : [];
      });
    const favOptions = pick(favourites);
    const recentOptions = pick(recent.filter((c) => !favourites.includes(c)));
    return [
      ...(favOptions.length
        ? [{ label: t('flight.booking.favourites.title'), title: 'favourites', options: favOptions }]
        : []),
      ...(recentOptions.length
        ? [{ label: t('flight.booking.recent'), title: 'recent', options: recentOptions }]
        : []),
    ];
  }, [ref, query, found, locale, airportsOnly, favourites, recent, t]);
  // Multi-city never takes an airport for a city code silently: Enter waits for a chosen line.
  const activeFirst = ref ? enterPicksFirst(ref, query, found, airportsOnly) : !airportsOnly;

  const cityCode = value ? (ref?.cityCodeOf(value) ?? value) : null;
  const starred = cityCode !== null && favourites.includes(cityCode);
  const starLabel = t(starred ? 'flight.booking.favourites.remove' : 'flight.booking.favourites.add');

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<string>
        id={id}
        data-testid={id}
        aria-label={label}
        placeholder={label}
        value={value ?? undefined}
        status={invalid ? 'error' : undefined}
        showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
        virtual={false}
        defaultActiveFirstOption={activeFirst}
        loading={wanted && !ref}
        onFocus={() => setEngaged(true)}
        onOpenChange={(open) => open && setEngaged(true)}
        options={options}
        labelRender={({ value: v }) => placeLabel(ref, codeOfOption(String(v)), locale, airportsOnly)}
        notFoundContent={query.trim() ? t('flight.booking.noAirport') : t('flight.booking.typeToSearch')}
        onChange={(option) => {
          const code = codeOfOption(option);
          setQuery('');
          useRecentPlaces.getState().remember(code);
          onChange(code);
        }}
        style={{ width: '100%', minWidth: 180 }}
      />
      <Tooltip title={starLabel}>
        <Button
          aria-label={starLabel}
          aria-pressed={starred}
          disabled={cityCode === null}
          icon={starred ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          onClick={() => cityCode && void toggle(cityCode).catch(() => undefined)}
        />
      </Tooltip>
    </Space.Compact>
  );
}
