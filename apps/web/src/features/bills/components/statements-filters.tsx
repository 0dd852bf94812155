import { Button, DatePicker, Form, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@portal/domain/currency';
import { MAX_STATEMENT_MONTHS, type StatementQuery } from '@portal/domain/wallet';

type MonthRange = [Dayjs | null, Dayjs | null] | null | undefined;

interface FormValues {
  months?: MonthRange;
  currency?: Currency;
}

/** The last twelve months up to the current one: what the screen shows first. */
export function defaultStatementQuery(today: Dayjs = dayjs()): StatementQuery {
  return {
    period: 'month',
    from: today.subtract(11, 'month').format('YYYY-MM'),
    to: today.format('YYYY-MM'),
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
  const initialValues: FormValues = { months: monthsOf(initial), currency: initial.currency };

  const handleFinish = ({ months, currency }: FormValues) => {
    const [from, to] = months ?? [];
    if (!from || !to) return;
    onApply({ period: 'month', from: from.format('YYYY-MM'), to: to.format('YYYY-MM'), currency });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      role="search"
      data-testid="statement-filters"
      initialValues={initialValues}
      onFinish={handleFinish}
      style={{ rowGap: 12, marginBottom: 16 }}
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
      <Form.Item name="currency" label={t('bills.filter.currency')}>
        <Select
          allowClear
          aria-label={t('bills.filter.currency')}
          placeholder={t('bills.filter.all')}
          options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
          style={{ minWidth: 120 }}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('bills.filter.search')}
          </Button>
          <Button
            onClick={() => {
              const reset = defaultStatementQuery();
              form.setFieldsValue({ months: monthsOf(reset), currency: undefined });
              onApply(reset);
            }}
          >
            {t('bills.filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
