import { datesToRange, rangeToDates, type DayRange } from '../dates/date-range';

/** The form of filters made of text fields, a day range and a status. */
export type TextFilterForm<T extends string, S> = Partial<Record<T, string>> & {
  range?: DayRange;
  status?: S;
};

/** What such filters apply: the texts trimmed, the range as `dateFrom`/`dateTo`, the status. */
export type TextFilterValues<T extends string, S> = Partial<Record<T, string>> & {
  dateFrom?: string;
  dateTo?: string;
  status?: S;
};

/** The filters of the form `form`: blank texts, open range ends and no status are left out. */
export function textFilterValues<T extends string, S>(
  fields: readonly T[],
  form: TextFilterForm<T, S>,
): TextFilterValues<T, S> {
  const texts: Partial<Record<T, string>> = {};
  for (const field of fields) {
    const value = form[field]?.trim();
    if (value) texts[field] = value;
  }
  return { ...texts, ...rangeToDates(form.range), ...(form.status ? { status: form.status } : {}) };
}

/** The form showing the filters `values`. */
export function textFilterForm<T extends string, S>(
  fields: readonly T[],
  values: TextFilterValues<T, S>,
): TextFilterForm<T, S> {
  const texts: Partial<Record<T, string>> = {};
  for (const field of fields) texts[field] = values[field];
  return { ...texts, range: datesToRange(values.dateFrom, values.dateTo), status: values.status };
}
