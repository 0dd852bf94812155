import dayjs, { type Dayjs } from 'dayjs';

/** The value of an antd `RangePicker` whose ends may each be empty. */
export type DayRange = [Dayjs | null, Dayjs | null] | null;

/** A filter's date range as the API takes it (`YYYY-MM-DD`); empty ends are left out. */
export function rangeToDates(range: DayRange | undefined): { dateFrom?: string; dateTo?: string } {
  const [from, to] = range ?? [];
  return {
    ...(from ? { dateFrom: from.format('YYYY-MM-DD') } : {}),
    ...(to ? { dateTo: to.format('YYYY-MM-DD') } : {}),
  };
}

/** The picker's value for a filter's `dateFrom`/`dateTo`; null when both are empty. */
export function datesToRange(dateFrom: string | undefined, dateTo: string | undefined): DayRange {
  if (!dateFrom && !dateTo) return null;
  return [dateFrom ? dayjs(dateFrom) : null, dateTo ? dayjs(dateTo) : null];
}
