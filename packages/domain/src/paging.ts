/**
 * The page sizes of the API's lists, without zod: the web's list pages read them, and importing
 * them from the schemas' module (`flight-order.ts`, which re-exports them) brought zod onto every
 * list page (docs/performance/javascript-per-route.md).
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * A wallet line cursor (entries and transactions): the line's time in microseconds since 1970,
 * its journal entry's id and its currency, as the page before answered it in `next`.
 */
export const WALLET_LINE_CURSOR = /^\d{1,17}_\d{1,19}_[A-Z]{3}$/;

/**
 * The last page of a list counted up to `cap` that is read by its number (no cursor): the one
 * holding the count's last row, which is the last page the list's pager offers at "10,000+". A row
 * past it is read by paging on with `after`, whose cost does not grow with the depth; a page by
 * number past the count would cost the database every row before it.
 */
export const lastPageByNumber = (cap: number, pageSize: number): number => Math.ceil(cap / pageSize);
