/** BENCH_COUNT=always: every page with its count, as the web lists asked before `count=false`. */
const COUNT_EVERY_PAGE = process.env.BENCH_COUNT === 'always';

/**
 * `page=N` as the web's counted lists ask for a page (`readCountedPage`): a filter's first page
 * with the count of all matching rows, a later one (paged on or jumped to) without it
 * (`count=false`: the web has the filter's total from its first page).
 */
export const pageParam = (page: number) =>
  page === 1 || COUNT_EVERY_PAGE ? `page=${page}` : `page=${page}&count=false`;
