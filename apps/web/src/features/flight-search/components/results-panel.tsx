import { Alert, Button, Empty, Skeleton } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@portal/domain/shopping';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useFilters } from '../hooks/use-filters';
import { useIsStale } from '../hooks/use-is-stale';
import { useRunSearch } from '../hooks/use-run-search';
import { useSearchResults } from '../hooks/use-search-results';
import type { StoredSearch } from '../model/stored-search';
import { FilterPanel } from './filter-panel';
import { SolutionCard } from './solution-card';
import { SortBar } from './sort-bar';
import { StaleBanner } from './stale-banner';
import { SupplierProgress } from './supplier-progress';

interface ResultsPanelProps {
  stored: StoredSearch;
  onBook: (solutionId: string, shown: Solution) => void;
  bookingId: string | null;
}

/** The flight list: progress per supplier, stale banner, filters, sort, results as they arrive. */
export function ResultsPanel({ stored, onBook, bookingId }: ResultsPanelProps) {
  const { t } = useTranslation();
  const { result, error } = useSearchResults(stored);
  const lastSearchTime = useFlightSearchStore((s) => s.lastSearchTime);
  const stale = useIsStale(lastSearchTime);
  const rerun = useRunSearch();
  const solutions = useMemo(() => result?.solutions ?? [], [result]);
  const { filters, sort, setSort, shown, change, reset } = useFilters(solutions);
  const byId = useMemo(() => new Map(solutions.map((s) => [s.id, s])), [solutions]);
  const findSolution = useCallback((id: string) => byId.get(id), [byId]);
  const refresh = () => rerun.mutate(stored.request);
  const finished = result?.finished ?? false;

  return (
    <section className="flight-results" aria-label={t('flight.list.title')} data-testid="flight-results">
      {stale && <StaleBanner onRefresh={refresh} refreshing={rerun.isPending} />}
      {error && (
        <Alert
          type="error"
          showIcon
          title={t('flight.list.searchFailed')}
          action={
            <Button size="small" onClick={refresh}>
              {t('flight.list.searchAgain')}
            </Button>
          }
        />
      )}
      <SupplierProgress suppliers={result?.suppliers ?? []} finished={finished} />
      <div className="results-layout">
        <aside className="results-filters">
          <FilterPanel solutions={solutions} filters={filters} onChange={change} onReset={reset} />
        </aside>
        <div className="results-list">
          <SortBar sort={sort} onSort={setSort} shown={shown.length} total={solutions.length} />
          {!result && !error && <Skeleton active />}
          {finished && solutions.length === 0 && (
            <Empty data-testid="no-flights" description={t('flight.list.empty')} />
          )}
          {solutions.length > 0 && shown.length === 0 && (
            <Empty description={t('flight.list.noneMatch')}>
              <Button onClick={reset}>{t('flight.list.resetFilters')}</Button>
            </Empty>
          )}
          {shown.map((s) => (
            <SolutionCard
              key={s.id}
              solution={s}
              currency={result?.currency ?? 'CNY'}
              findSolution={findSolution}
              onBook={onBook}
              booking={bookingId === s.id}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
