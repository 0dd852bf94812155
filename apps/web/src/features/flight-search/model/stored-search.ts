import { ShoppingRequest, SolutionsResult } from '@portal/domain/shopping';

// The domain's zod schemas: loaded by `useStoredSearch` only when the session holds a search.

/** What the session keeps of a search (spec §4): the request, its id and the results so far. */
export interface StoredSearch {
  request: ShoppingRequest;
  searchId: string;
  result: SolutionsResult | null;
}

/** The stored search when it is well formed (checked with the domain schemas); null otherwise. */
export function readStoredSearch(value: Record<string, unknown> | null): StoredSearch | null {
  if (!value || typeof value.searchId !== 'string') return null;
  const request = ShoppingRequest.safeParse(value.request);
  if (!request.success) return null;
  if (value.result === null) return { request: request.data, searchId: value.searchId, result: null };
  const result = SolutionsResult.safeParse(value.result);
  return result.success ? { request: request.data, searchId: value.searchId, result: result.data } : null;
}
