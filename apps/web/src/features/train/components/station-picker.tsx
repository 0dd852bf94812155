import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/stores/subject';
import { useStationData } from '../hooks/use-stations';
import { stationLabel } from '../lib/station-name';

interface StationPickerProps {
  id: string;
  label: string;
  value: string | null;
  onChange: (code: string) => void;
  invalid?: boolean;
}

/**
 * Railway station picker: searches the station table on every keystroke by Chinese characters,
 * pinyin, initials, English name or telegraph code ('北京南', 'beijingnan', 'bjn', 'VNP').
 */
export function StationPicker({ id, label, value, onChange, invalid }: StationPickerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useStationData();
  const [query, setQuery] = useState('');

  const options = useMemo(() => {
    if (!data || !query.trim()) return [];
    return data
      .searchStations(query, { limit: 20 })
      .map(({ station }) => ({ value: station.code, label: stationLabel(station, locale) }));
  }, [data, query, locale]);

  const picked = value ? data?.getStation(value) : undefined;

  return (
    <Select<string>
      id={id}
      data-testid={id}
      aria-label={label}
      placeholder={label}
      value={value ?? undefined}
      status={invalid ? 'error' : undefined}
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      virtual={false}
      loading={!data}
      options={options}
      labelRender={() => (picked ? stationLabel(picked, locale) : (value ?? ''))}
      notFoundContent={
        query.trim() ? t('trainBooking.search.noStation') : t('trainBooking.search.typeToSearch')
      }
      onChange={(code) => {
        setQuery('');
        onChange(code);
      }}
      style={{ width: '100%', minWidth: 200 }}
    />
  );
}
