import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/domain/paging';

/** A whole number from 1 in the URL, capped at `max`; `fallback` for anything else. */
export function positiveParam(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** Whether a URL value is one of `values` (a status, a type …): the filter it names is known. */
export function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return (values as readonly (string | null)[]).includes(value);
}

/** The page of a list URL (`?page=2&pageSize=50`): page 1 and the default size unless valid. */
export function readPaging(search: URLSearchParams): { page: number; pageSize: number } {
  return {
    page: positiveParam(search.get('page'), 1),
    pageSize: positiveParam(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** The URL of a list query; empty values, the first page and the default page size are left out. */
export function writeListParams(params: object): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    out.set(key, String(value));
  }
  return out;
}

/**
 * A paged, filtered list whose query lives in the URL: the query (`readParams` of the URL), its
 * filters apart from the paging, `applyFilters` (back to page 1) and `changePage` for the table
 * (page 1 again when the page size changes).
 */
export function useListParams<P extends { page: number; pageSize: number }>(
  readParams: (search: URLSearchParams) => P,
) {
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const { page, pageSize, ...filters } = params;
  return {
    params,
    page,
    pageSize,
    filters,
    applyFilters: (values: Omit<P, 'page' | 'pageSize'>) =>
      setSearch(writeListParams({ page: 1, pageSize, ...values })),
    changePage: (nextPage: number, nextSize: number) =>
      setSearch(
        writeListParams({ ...filters, page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
      ),
  };
}
