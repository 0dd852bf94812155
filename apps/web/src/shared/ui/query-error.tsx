import { lazy, Suspense } from 'react';
import type { QueryErrorProps } from './query-error-alert';

/*
 * A page shows it only when a query fails, so antd's Alert (with its icons, three files) loads then,
 * not with every list page (docs/performance/javascript-per-route.md).
 */
const QueryErrorAlert = lazy(async () => ({
  default: (await import('./query-error-alert')).QueryErrorAlert,
}));

/** A query that failed to load (a list, balances): what failed, why, and a retry. */
export function QueryError(props: QueryErrorProps) {
  return (
    <Suspense fallback={null}>
      <QueryErrorAlert {...props} />
    </Suspense>
  );
}
