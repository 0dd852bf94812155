import { isCurrency } from '@portal/domain/currency';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/domain/paging';
import { isCalendarDate } from '@portal/domain/text-checks';
import type { SubStatementQuery } from '@portal/domain/sub-agencies';
import { MAX_SUB_RANGE_DAYS, daysBetween } from '@portal/domain/sub-agency-ranges';
import { writeListParams } from '../../../../shared/browser/use-list-params';

const MONTH = /^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/;

function positive(value: string | null, fallback: number, max = 2_147_483_647): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * The statement query of the URL (`?agencyId=12&period=2026-11`, or `from`/`to` days): a month
 * by default (`currentMonth`, the agency's); invalid or contradictory values fall back instead of
 * failing.
 */
export function readStatementQuery(search: URLSearchParams, currentMonth: string): SubStatementQuery {
  const query: SubStatementQuery = {
    page: positive(search.get('page'), 1, 10_000),
    pageSize: positive(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  const agencyId = positive(search.get('agencyId'), 0);
  if (agencyId > 0) query.agencyId = agencyId;
  const currency = search.get('currency');
  if (currency && isCurrency(currency)) query.currency = currency;
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const period = search.get('period') ?? '';
  if (
    isCalendarDate(from) &&
    isCalendarDate(to) &&
    from <= to &&
    daysBetween(from, to) <= MAX_SUB_RANGE_DAYS
  ) {
    query.from = from;
    query.to = to;
  } else {
    query.period = MONTH.test(period) ? period : currentMonth;
  }
  return query;
}

/** The URL of a statement query; the first page and the default page size are left out. */
export function writeStatementQuery(query: SubStatementQuery): URLSearchParams {
  return writeListParams(query);
}
