import { DatePicker, Form, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@portal/domain/currency';
import { MAX_SUB_RANGE_DAYS, daysBetween } from '@portal/domain/sub-agency-ranges';
import { datesToRange, rangeToDates, type DayRange } from '../../../../shared/dates/date-range';
import { useAgencyMonth } from '../../../../shared/company/use-agency-month';
import { useDatePattern } from '../../../../shared/dates/format-date';
import { CurrencyFilter, FilterForm } from '../../../../shared/ui/filter-form';
import { useFormSync } from '../../../../shared/ui/use-form-sync';
import type { SubStatementFilters } from '../api/sub-statements';
import { SubAgencySelect } from './sub-agency-select';

type Mode = 'month' | 'dates';

interface FormValues {
  agencyId?: number;
  mode: Mode;
  month?: Dayjs | null;
  range?: DayRange;
  currency?: Currency;
}

function toForm(values: SubStatementFilters): FormValues {
  return {
    agencyId: values.agencyId,
    mode: values.period ? 'month' : 'dates',
    month: values.period ? dayjs(`${values.period}-01`) : null,
    range: datesToRange(values.from, values.to),
    currency: values.currency,
  };
}

/** The filters of the form; null when the period is missing (the form's rules say so first). */
function toFilters(form: FormValues): SubStatementFilters | null {
  const base = {
    ...(form.agencyId ? { agencyId: form.agencyId } : {}),
    ...(form.currency ? { currency: form.currency } : {}),
  };
  if (form.mode === 'month') return form.month ? { ...base, period: form.month.format('YYYY-MM') } : null;
  const { dateFrom, dateTo } = rangeToDates(form.range);
  return dateFrom && dateTo ? { ...base, from: dateFrom, to: dateTo } : null;
}

interface StatementFiltersProps {
  values: SubStatementFilters;
  /** The chosen agency's name, when the URL chose it. */
  agencyName?: string;
  onApply: (values: SubStatementFilters) => void;
}

/** Sub-agency, period (a month or a range of days) and currency of the statements. */
export function StatementFilters({ values, agencyName, onApply }: StatementFiltersProps) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const [form] = Form.useForm<FormValues>();
  const currentMonth = useAgencyMonth();
  const mode = Form.useWatch('mode', form) ?? (values.period ? 'month' : 'dates');
  useFormSync(form, values, toForm);

  const handleFinish = (form: FormValues) => {
    const filters = toFilters(form);
    if (filters) onApply(filters);
  };

  return (
    <FilterForm<FormValues>
      form={form}
      label={t('agencyMoney.filter.title')}
      testId="sub-statement-filters"
      initialValues={toForm(values)}
      onFinish={handleFinish}
      applyText={t('agencyMoney.filter.search')}
      resetText={t('agencyMoney.filter.reset')}
      onReset={() => {
        const reset: SubStatementFilters = { period: currentMonth };
        form.setFieldsValue(toForm(reset));
        onApply(reset);
      }}
    >
      <Form.Item name="agencyId" label={t('agencyMoney.filter.agency')}>
        <SubAgencySelect knownLabel={agencyName} />
      </Form.Item>
      <Form.Item name="mode">
        <Segmented<Mode>
          aria-label={t('agencyMoney.filter.periodKind')}
          options={[
            { value: 'month', label: t('agencyMoney.filter.byMonth') },
            { value: 'dates', label: t('agencyMoney.filter.byDates') },
          ]}
        />
      </Form.Item>
      {mode === 'month' ? (
        <Form.Item
          name="month"
          label={t('agencyMoney.filter.month')}
          rules={[{ required: true, message: t('agencyMoney.filter.periodRequired') }]}
        >
          <DatePicker picker="month" format="YYYY-MM" allowClear={false} />
        </Form.Item>
      ) : (
        <Form.Item
          name="range"
          label={t('agencyMoney.filter.dates')}
          rules={[
            {
              validator: (_, value: DayRange | undefined) => {
                const { dateFrom, dateTo } = rangeToDates(value);
                if (!dateFrom || !dateTo) {
                  return Promise.reject(new Error(t('agencyMoney.filter.periodRequired')));
                }
                if (daysBetween(dateFrom, dateTo) > MAX_SUB_RANGE_DAYS) {
                  return Promise.reject(
                    new Error(t('agencyMoney.filter.tooManyDays', { count: MAX_SUB_RANGE_DAYS })),
                  );
                }
                return Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker.RangePicker format={datePattern} />
        </Form.Item>
      )}
      <CurrencyFilter
        label={t('agencyMoney.filter.currency')}
        placeholder={t('agencyMoney.filter.allCurrencies')}
      />
    </FilterForm>
  );
}
