import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDatePattern } from '../dates/format-date';
import { clearFilters, FilterForm, SelectFilter } from '../ui/filter-form';

/** What the filters apply: a date range (yyyy-MM-dd), one kind (type or method) and an order. */
export interface ListFilterValues {
  dateFrom?: string;
  dateTo?: string;
  kind?: string;
  /** A booking number as agents know it (the API matches it in any letter case, or an order id). */
  orderId?: string;
}

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  kind?: string;
  orderId?: string;
}

interface ListFiltersProps {
  /** Label of the kind select (payment type or payment method). */
  kindLabel: string;
  kindOptions: { value: string; label: string }[];
  onApply: (values: ListFilterValues) => void;
}

function toValues(form: FormValues): ListFilterValues {
  const [from, to] = form.range ?? [];
  const orderId = form.orderId?.trim();
  return {
    dateFrom: from?.format('YYYY-MM-DD'),
    dateTo: to?.format('YYYY-MM-DD'),
    kind: form.kind || undefined,
    orderId: orderId || undefined,
  };
}

/** Date range, kind and order ID filters; Enter in a field or the Search button applies them. */
export function ListFilters({ kindLabel, kindOptions, onApply }: ListFiltersProps) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const [form] = Form.useForm<FormValues>();
  return (
    <FilterForm<FormValues>
      form={form}
      testId="list-filters"
      onFinish={(values) => onApply(toValues(values))}
      applyText={t('bills.filter.search')}
      resetText={t('bills.filter.reset')}
      onReset={clearFilters(form, onApply)}
    >
      <Form.Item name="range" label={t('bills.filter.dateRange')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} format={datePattern} />
      </Form.Item>
      <SelectFilter
        name="kind"
        label={kindLabel}
        placeholder={t('bills.filter.all')}
        options={kindOptions}
        minWidth={180}
      />
      <Form.Item name="orderId" label={t('bills.filter.orderId')}>
        <Input allowClear maxLength={64} placeholder={t('bills.filter.orderIdPlaceholder')} />
      </Form.Item>
    </FilterForm>
  );
}
