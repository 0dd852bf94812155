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
