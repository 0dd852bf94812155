import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { datesToRange, rangeToDates, type DayRange } from '../../../shared/dates/date-range';
import { useDatePattern } from '../../../shared/dates/format-date';
import { useFormSync } from '../../../shared/ui/use-form-sync';
import { TICKET_STATUSES, ticketStatusKey, type TicketStatus } from '@portal/domain/booking-records';
import type { VoyageFilterValues } from './api';

export const VOYAGE_TEXT_FIELDS = [
  'passenger',
  'ticketNumber',
  'flightNumber',
  'bookingNumber',
  'pnr',
] as const;
type TextField = (typeof VOYAGE_TEXT_FIELDS)[number];

interface FormValues extends Partial<Record<TextField, string>> {
  range?: DayRange;
  status?: TicketStatus;
}

function toValues(form: FormValues): VoyageFilterValues {
  const out: VoyageFilterValues = {};
  for (const field of VOYAGE_TEXT_FIELDS) {
    const value = form[field]?.trim();
    if (value) out[field] = value;
  }
  Object.assign(out, rangeToDates(form.range));
  if (form.status) out.status = form.status;
  return out;
}

function toForm(values: VoyageFilterValues): FormValues {
  const form: FormValues = {};
  for (const field of VOYAGE_TEXT_FIELDS) form[field] = values[field];
  form.range = datesToRange(values.dateFrom, values.dateTo);
  form.status = values.status;
  return form;
}

interface VoyageSearchProps {
  values: VoyageFilterValues;
  onApply: (values: VoyageFilterValues) => void;
  onExport: () => void;
  exporting: boolean;
}

/** The booking records' filters: Enter or Search applies them, Reset clears them, Export downloads. */
export function VoyageSearch({ values, onApply, onExport, exporting }: VoyageSearchProps) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const [form] = Form.useForm<FormValues>();
  useFormSync(form, values, toForm);
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      role="search"
      aria-label={t('voyage.search.title')}
      data-testid="voyage-search"
      onFinish={(v) => onApply(toValues(v))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="range" label={t('voyage.field.departureDate')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={datePattern}
          aria-label={t('voyage.field.departureDate')}
        />
      </Form.Item>
      {VOYAGE_TEXT_FIELDS.map((field) => (
        <Form.Item key={field} name={field} label={t(`voyage.field.${field}`)}>
          <Input allowClear maxLength={64} aria-label={t(`voyage.field.${field}`)} style={{ width: 160 }} />
        </Form.Item>
      ))}
      <Form.Item name="status" label={t('voyage.field.status')}>
        <Select
          allowClear
          aria-label={t('voyage.field.status')}
          placeholder={t('voyage.search.allStatuses')}
          style={{ minWidth: 140 }}
          options={TICKET_STATUSES.map((status) => ({ value: status, label: t(ticketStatusKey(status)) }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('voyage.search.apply')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('voyage.search.reset')}
          </Button>
          <Button data-testid="voyage-export" loading={exporting} onClick={onExport}>
            {t('voyage.export.button')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
