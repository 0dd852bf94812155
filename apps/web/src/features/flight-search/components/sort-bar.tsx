import { Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SOLUTION_SORTS, type SolutionSort } from '@portal/domain/shopping-options';

/** Sort by default (the API's order), price or time, with the number of results shown. */
export function SortBar({
  sort,
  onSort,
  shown,
  total,
}: {
  sort: SolutionSort;
  onSort: (s: SolutionSort) => void;
  shown: number;
  total: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="sort-bar">
      <Segmented<SolutionSort>
        aria-label={t('flight.list.sortLabel')}
        data-testid="sort-bar"
        value={sort}
        onChange={onSort}
        options={SOLUTION_SORTS.map((s) => ({ value: s, label: t(`flight.list.sort.${s}`) }))}
      />
      <Typography.Text type="secondary" data-testid="result-count">
        {t('flight.list.count', { shown, total })}
      </Typography.Text>
    </div>
  );
}
