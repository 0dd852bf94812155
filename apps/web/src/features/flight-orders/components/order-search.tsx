import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { datesToRange, rangeToDates, type DayRange } from '../../../shared/dates/date-range';
import { useDatePattern } from '../../../shared/dates/format-date';
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
export type SearchValues = Partial<Record<TextField | 'dateFrom' | 'dateTo' | 'status', string>>;

interface FormValues extends Partial<Record<TextField, string>> {
  range?: DayRange;
  status?: string;
}

function toValues(form: FormValues): SearchValues {
  const out: SearchValues = {};
  for (const field of TEXT_FIELDS) {
    const value = form[field]?.trim();
    if (value) out[field] = value;
  }
  Object.assign(out, rangeToDates(form.range));
  if (form.status) out.status = form.status;
  return out;
}

function toForm(values: SearchValues): FormValues {
  const form: FormValues = {};
  for (const field of TEXT_FIELDS) form[field] = values[field];
  form.range = datesToRange(values.dateFrom, values.dateTo);
  form.status = values.status;
  return form;
}

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
    <Form<FormValues>
      form={form}
      layout="inline"
      role="search"
      aria-label={t('orders.search.title')}
      data-testid="order-search"
      onFinish={(v) => onApply(toValues(v))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {TEXT_FIELDS.map((field) => (
        <Form.Item key={field} name={field} label={t(`orders.field.${field}`)}>
          <Input allowClear maxLength={64} aria-label={t(`orders.field.${field}`)} style={{ width: 160 }} />
        </Form.Item>
      ))}
      <Form.Item name="range" label={t('orders.field.bookingDate')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} format={datePattern} />
      </Form.Item>
      <Form.Item name="status" label={t('orders.field.status')}>
        <Select
          allowClear
          showSearch
          aria-label={t('orders.field.status')}
          placeholder={t('orders.type.all')}
          style={{ minWidth: 200 }}
          options={(type === 'all' ? FLIGHT_ORDER_STATUSES : STATUSES_BY_ORDER_TYPE[type]).map((status) => ({
            value: status,
            label: t(statusLabelKey(status)),
          }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('orders.search.apply')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('orders.search.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
