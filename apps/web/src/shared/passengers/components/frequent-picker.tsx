import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskDocumentNumber } from '@portal/domain/document-types';
import type { FrequentPassenger } from '@portal/domain/frequent-passengers';
import { FREQUENT_PASSENGERS_KEY, listFrequentPassengers } from '../api/passengers';

/** Searches the user's often-used passengers; choosing one hands it to `onPick`. */
export function FrequentPicker({ onPick }: { onPick: (p: FrequentPassenger) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: [...FREQUENT_PASSENGERS_KEY, keyword],
    queryFn: () => listFrequentPassengers(keyword),
    staleTime: 30_000,
  });
  const list = query.data?.list ?? [];
  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={null}
      placeholder={t('booking.frequent.pick')}
      aria-label={t('booking.frequent.pick')}
      loading={query.isFetching}
      style={{ minWidth: 240 }}
      notFoundContent={t('booking.frequent.none')}
      options={list.map((p) => ({
        value: p.id,
        label: `${p.surname}/${p.given_names} · ${maskDocumentNumber(p.travel_document.number)}`,
      }))}
      onChange={(id) => {
        const found = list.find((p) => p.id === id);
        if (found) onPick(found);
      }}
    />
  );
}
