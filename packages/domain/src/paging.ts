/**
 * The page sizes of the API's lists, without zod: the web's list pages read them, and importing
 * them from the schemas' module (`flight-order.ts`, which re-exports them) brought zod onto every
 * list page (docs/performance/javascript-per-route.md).
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
