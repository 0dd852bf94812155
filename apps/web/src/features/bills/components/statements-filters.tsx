import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@portal/domain/currency';
import type { StatementQuery } from '@portal/domain/wallet';
import { MAX_STATEMENT_MONTHS } from '@portal/domain/wallet-entries';
import { useAgencyMonth } from '../../../shared/company/use-agency-month';
import { CurrencyFilter, FilterForm } from '../../../shared/ui/filter-form';

type MonthRange = [Dayjs | null, Dayjs | null] | null | undefined;

interface FormValues {
  months?: MonthRange;
  currency?: Currency;
}

/** The last twelve months up to `currentMonth` (`YYYY-MM`, the agency's): what the screen shows first. */
export function defaultStatementQuery(currentMonth: string): StatementQuery {
  return {
    period: 'month',
    from: dayjs(`${currentMonth}-01`).subtract(11, 'month').format('YYYY-MM'),
    to: currentMonth,
  };
}

function monthsOf(query: StatementQuery): [Dayjs, Dayjs] {
  return [dayjs(`${query.from}-01`), dayjs(`${query.to}-01`)];
}

/** Months from the first to the last of the range, both counted. */
function monthCount([from, to]: [Dayjs, Dayjs]): number {
  return to.startOf('month').diff(from.startOf('month'), 'month') + 1;
}

interface StatementsFiltersProps {
  initial: StatementQuery;
  onApply: (query: StatementQuery) => void;
}

/** Month range (at most MAX_STATEMENT_MONTHS) and wallet currency of the statements. */
export function StatementsFilters({ initial, onApply }: StatementsFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const currentMonth = useAgencyMonth();
  const initialValues: FormValues = { months: monthsOf(initial), currency: initial.currency };

  const handleFinish = ({ months, currency }: FormValues) => {
    const [from, to] = months ?? [];
    if (!from || !to) return;
    onApply({ period: 'month', from: from.format('YYYY-MM'), to: to.format('YYYY-MM'), currency });
  };

  return (
    <FilterForm<FormValues>
      form={form}
      testId="statement-filters"
      initialValues={initialValues}
      onFinish={handleFinish}
      applyText={t('bills.filter.search')}
      resetText={t('bills.filter.reset')}
      onReset={() => {
        const reset = defaultStatementQuery(currentMonth);
        form.setFieldsValue({ months: monthsOf(reset), currency: undefined });
        onApply(reset);
      }}
    >
      <Form.Item
        name="months"
        label={t('bills.filter.months')}
        rules={[
          {
            validator: (_, value: MonthRange) => {
              const [from, to] = value ?? [];
              if (!from || !to) return Promise.reject(new Error(t('bills.statements.monthsRequired')));
              if (monthCount([from, to]) > MAX_STATEMENT_MONTHS) {
                return Promise.reject(
                  new Error(t('bills.statements.tooManyMonths', { count: MAX_STATEMENT_MONTHS })),
                );
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker.RangePicker picker="month" format="YYYY-MM" allowClear={false} />
      </Form.Item>
      <CurrencyFilter label={t('bills.filter.currency')} placeholder={t('bills.filter.all')} />
    </FilterForm>
  );
}
