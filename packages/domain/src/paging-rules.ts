import type { z } from 'zod';
import { lastPageByNumber } from './paging';

/**
 * A list query's check that, without `after`, its `page` is within the rows the list counts (up to
 * `cap`): past them it pages on by cursor (`lastPageByNumber`). A `too_big` issue on `page` names
 * the last page, in the reader's language.
 */
export function pagesByNumberWithin(cap: number) {
  return (q: { page: number; pageSize: number; after?: string | undefined }, ctx: z.RefinementCtx): void => {
    const last = lastPageByNumber(cap, q.pageSize);
    if (q.after === undefined && q.page > last) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: last,
        inclusive: true,
        path: ['page'],
        input: q.page,
      });
    }
  };
}
