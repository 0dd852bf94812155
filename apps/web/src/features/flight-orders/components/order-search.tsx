import { DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDatePattern } from '../../../shared/dates/format-date';
import { clearFilters, FilterForm, SelectFilter, TextFilters } from '../../../shared/ui/filter-form';
import {
  textFilterForm,
  textFilterValues,
  type TextFilterForm,
  type TextFilterValues,
} from '../../../shared/ui/text-filters';
import { useFormSync } from '../../../shared/ui/use-form-sync';
import {
  FLIGHT_ORDER_STATUSES,
  STATUSES_BY_ORDER_TYPE,
  statusLabelKey,
  type OrderTypeFilter,
} from '@portal/domain/flight-order-status';

export const TEXT_FIELDS = [
  'bookingNumber',
  'pnr',
  'ticketNumber',
  'passenger',
  'flightNumber',
  'airline',
  'contact',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** What the advanced search applies. */
export type SearchValues = TextFilterValues<TextField, string>;

type FormValues = TextFilterForm<TextField, string>;

const toForm = (values: SearchValues): FormValues => textFilterForm(TEXT_FIELDS, values);

/**
 * The advanced search panel; Enter in a field or Search applies it, Reset clears it. With a type
 * filter the status choice offers that type's statuses only.
 */
export function OrderSearch({
  values,
  onApply,
  type = 'all',
}: {
  values: SearchValues;
  onApply: (values: SearchValues) => void;
  type?: OrderTypeFilter;
}) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const [form] = Form.useForm<FormValues>();
  useFormSync(form, values, toForm);
  return (
    <FilterForm<FormValues>
      form={form}
      label={t('orders.search.title')}
      testId="order-search"
      onFinish={(v) => onApply(textFilterValues(TEXT_FIELDS, v))}
      applyText={t('orders.search.apply')}
      resetText={t('orders.search.reset')}
      onReset={clearFilters(form, onApply)}
    >
      <TextFilters fields={TEXT_FIELDS} labelOf={(field) => t(`orders.field.${field}`)} />
      <Form.Item name="range" label={t('orders.field.bookingDate')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} format={datePattern} />
      </Form.Item>
      <SelectFilter
        name="status"
        label={t('orders.field.status')}
        showSearch
        placeholder={t('orders.type.all')}
        minWidth={200}
        options={(type === 'all' ? FLIGHT_ORDER_STATUSES : STATUSES_BY_ORDER_TYPE[type]).map((status) => ({
          value: status,
          label: t(statusLabelKey(status)),
        }))}
      />
    </FilterForm>
  );
}
