import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { datesToRange, rangeToDates, type DayRange } from '../../../shared/dates/date-range';
import { clearFilters, DayRangeFilter, FilterForm, SelectFilter } from '../../../shared/ui/filter-form';
import { useFormSync } from '../../../shared/ui/use-form-sync';
import {
  DISRUPTION_STATUSES,
  DISRUPTION_TYPES,
  type DisruptionStatus,
  type DisruptionType,
} from '@portal/domain/after-sales-reasons';
import { disruptionStatusKey, disruptionTypeKey } from '@portal/domain/disruption-keys';
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
  const [form] = Form.useForm<FormValues>();
  useFormSync(form, values, toForm);
  return (
    <FilterForm<FormValues>
      form={form}
      label={t('disruptions.search.title')}
      testId="disruptions-search"
      onFinish={(v) => onApply(toValues(v))}
      applyText={t('disruptions.search.apply')}
      applyTestId="disruptions-apply"
      resetText={t('disruptions.search.reset')}
      onReset={clearFilters(form, onApply)}
    >
      <SelectFilter
        name="type"
        label={t('disruptions.field.type')}
        placeholder={t('disruptions.search.allTypes')}
        minWidth={180}
        options={DISRUPTION_TYPES.map((type) => ({ value: type, label: t(disruptionTypeKey(type)) }))}
      />
      <SelectFilter
        name="status"
        label={t('disruptions.field.status')}
        placeholder={t('disruptions.search.allStatuses')}
        minWidth={160}
        options={DISRUPTION_STATUSES.map((status) => ({
          value: status,
          label: t(disruptionStatusKey(status)),
        }))}
      />
      <DayRangeFilter label={t('disruptions.field.raisedDate')} />
      <Form.Item name="bookingNumber" label={t('disruptions.field.bookingNumber')}>
        <Input
          allowClear
          maxLength={64}
          aria-label={t('disruptions.field.bookingNumber')}
          style={{ width: 180 }}
        />
      </Form.Item>
    </FilterForm>
  );
}
