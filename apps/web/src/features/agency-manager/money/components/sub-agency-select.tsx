import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubAgencyOptions, type SubAgencyOption } from '../api/sub-agency-options';

interface SubAgencySelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The name of the chosen agency when it is not among the options loaded (from the URL). */
  knownLabel?: string;
}

/** Picks one sub-agency; typing searches the whole network on the server. */
export function SubAgencySelect({ id, value, onChange, knownLabel }: SubAgencySelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // The server is asked once the typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useSubAgencyOptions(keyword);
  const list: SubAgencyOption[] = options.data ?? [];
  const shown =
    value !== undefined && !list.some((o) => o.value === value)
      ? [{ value, label: knownLabel ?? `#${value}` }, ...list]
      : list;
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      aria-label={t('agencyMoney.filter.agency')}
      placeholder={t('agencyMoney.filter.allAgencies')}
      loading={options.isFetching}
      notFoundContent={options.isError ? t('agencyMoney.filter.agenciesError') : undefined}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={shown}
      style={{ minWidth: 220 }}
    />
  );
}
