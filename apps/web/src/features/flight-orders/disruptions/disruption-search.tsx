import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { datesToRange, rangeToDates, type DayRange } from '../../../shared/dates/date-range';
import { useDatePattern } from '../../../shared/dates/format-date';
import { useFormSync } from '../../../shared/ui/use-form-sync';
import {
  DISRUPTION_STATUSES,
  DISRUPTION_TYPES,
  type DisruptionStatus,
  type DisruptionType,
} from '@portal/domain/after-sales';
import { disruptionStatusKey, disruptionTypeKey } from '@portal/domain/disruptions';
import type { DisruptionFilterValues } from './api';

interface FormValues {
  type?: DisruptionType;
  status?: DisruptionStatus;
  range?: DayRange;
  bookingNumber?: string;
}

function toValues(form: FormValues): DisruptionFilterValues {
  const out: DisruptionFilterValues = {};
  if (form.type) out.type = form.type;
  if (form.status) out.status = form.status;
  Object.assign(out, rangeToDates(form.range));
  const number = form.bookingNumber?.trim();
  if (number) out.bookingNumber = number;
  return out;
}

function toForm(values: DisruptionFilterValues): FormValues {
  return {
    type: values.type,
    status: values.status,
    bookingNumber: values.bookingNumber,
    range: datesToRange(values.dateFrom, values.dateTo),
  };
}

interface DisruptionSearchProps {
  values: DisruptionFilterValues;
  onApply: (values: DisruptionFilterValues) => void;
}

/** The disruption list's filters: type, status, the day it was raised and the booking number. */
export function DisruptionSearch({ values, onApply }: DisruptionSearchProps) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const [form] = Form.useForm<FormValues>();
  useFormSync(form, values, toForm);
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      role="search"
      aria-label={t('disruptions.search.title')}
      data-testid="disruptions-search"
      onFinish={(v) => onApply(toValues(v))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="type" label={t('disruptions.field.type')}>
        <Select
          allowClear
          aria-label={t('disruptions.field.type')}
          placeholder={t('disruptions.search.allTypes')}
          style={{ minWidth: 180 }}
          options={DISRUPTION_TYPES.map((type) => ({ value: type, label: t(disruptionTypeKey(type)) }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('disruptions.field.status')}>
        <Select
          allowClear
          aria-label={t('disruptions.field.status')}
          placeholder={t('disruptions.search.allStatuses')}
          style={{ minWidth: 160 }}
          options={DISRUPTION_STATUSES.map((status) => ({
            value: status,
            label: t(disruptionStatusKey(status)),
          }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('disruptions.field.raisedDate')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={datePattern}
          aria-label={t('disruptions.field.raisedDate')}
        />
      </Form.Item>
      <Form.Item name="bookingNumber" label={t('disruptions.field.bookingNumber')}>
        <Input
          allowClear
          maxLength={64}
          aria-label={t('disruptions.field.bookingNumber')}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="disruptions-apply">
            {t('disruptions.search.apply')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('disruptions.search.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
