import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * `{ after }` for reading page `page` of a keyset-paged list: the `next` of the page before when
 * the cache still holds it (paging on one page at a time), else nothing, and the page is read by
 * its number (a jump, a reload). The server then reads a deep page like a first one.
 */
export function afterCursor(
  client: QueryClient,
  keyOfPage: (page: number) => QueryKey,
  page: number,
): { after?: string } {
  if (page <= 1) return {};
  const next = client.getQueryData<{ next?: string }>(keyOfPage(page - 1))?.next;
  return next ? { after: next } : {};
}

/** What paging and sorting leave out of a list's filter: they do not change its total. */
const NOT_FILTERS = new Set(['page', 'pageSize', 'sort', 'after']);

/** A list query's filter as text: its set filters (not its page, size or sort), in name order. */
export function filterKey(params: object): string {
  return JSON.stringify(
    Object.entries(params)
      .filter(([name, value]) => !NOT_FILTERS.has(name) && value !== undefined && value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** A page of a list with the total of its filter (counted with it, or known from another page). */
export type Counted<L> = L & { total: number };

/** A page whose total may have been left out (`count=false`). */
interface MaybeCounted {
  total?: number;
  totalCapped?: boolean;
}

/**
 * The total of `params`'s filter from the newest page of the same list in the cache that was not
 * invalidated (queries keyed `[...prefix, params]`; other queries under the prefix, such as a
 * filter's options, are passed over), if any.
 */
function knownTotal<P extends object>(
  client: QueryClient,
  prefix: QueryKey,
  params: P,
  filterOf: (params: P) => string,
): { total: number; totalCapped?: boolean } | undefined {
  const filter = filterOf(params);
  const known = client
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .filter(
      (query) =>
        query.queryKey.length === prefix.length + 1 &&
        typeof query.queryKey[prefix.length] === 'object' &&
        (query.state.data as MaybeCounted | undefined)?.total !== undefined &&
        !query.state.isInvalidated &&
        filterOf(query.queryKey[prefix.length] as P) === filter,
    )
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0]?.state.data as MaybeCounted | undefined;
  return known?.total === undefined ? undefined : { total: known.total, totalCapped: known.totalCapped };
}

/**
 * Reads a page of a counted, keyset-paged list whose queries are keyed `[...prefix, params]`.
 * Paging on from a page still in the cache, it asks for the rows after that page's last one (its
 * `next`). The total is asked for on a filter's first page and when a page is read again (a
 * refresh, an invalidation); another page of a filter whose total is in the cache is read without
 * it (`count: false`), since the count is most of what a page costs the database at scale.
 */
export async function readCountedPage<P extends { page: number }, L extends MaybeCounted>(
  client: QueryClient,
  prefix: QueryKey,
  params: P,
  read: (query: { after?: string; count: boolean }) => Promise<L>,
  filterOf: (params: P) => string = filterKey,
): Promise<Counted<L>> {
  const { after } = afterCursor(client, (page) => [...prefix, { ...params, page }], params.page);
  const total = client.getQueryData([...prefix, params])
    ? undefined
    : knownTotal(client, prefix, params, filterOf);
  const page = await read({ ...(after ? { after } : {}), count: total === undefined });
  return { ...page, ...total, total: page.total ?? total?.total ?? 0 };
}
