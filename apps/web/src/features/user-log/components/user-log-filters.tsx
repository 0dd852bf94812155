import { Button, DatePicker, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { datesToRange, rangeToDates, type DayRange } from '../../../shared/dates/date-range';
import { useDatePattern } from '../../../shared/dates/format-date';
import { useFormSync } from '../../../shared/ui/use-form-sync';
import {
  USER_LOG_ACTIONS,
  USER_LOG_OUTCOMES,
  userLogActionKey,
  type UserLogAction,
  type UserLogOutcome,
} from '@portal/domain/user-log';
import { useLogUsers, type UserLogFilterValues } from '../api/user-logs';

interface FormValues {
  userId?: number;
  action?: UserLogAction;
  outcome?: UserLogOutcome;
  range?: DayRange;
}

function toValues(form: FormValues): UserLogFilterValues {
  const out: UserLogFilterValues = {};
  if (form.userId) out.userId = form.userId;
  if (form.action) out.action = form.action;
  if (form.outcome) out.outcome = form.outcome;
  Object.assign(out, rangeToDates(form.range));
  return out;
}

function toForm(values: UserLogFilterValues): FormValues {
  return {
    userId: values.userId,
    action: values.action,
    outcome: values.outcome,
    range: datesToRange(values.dateFrom, values.dateTo),
  };
}

interface UserLogFiltersProps {
  values: UserLogFilterValues;
  onApply: (values: UserLogFilterValues) => void;
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
}

/** The user log's filters: Search applies them, Reset clears them, Export downloads what they select. */
export function UserLogFilters({ values, onApply, onExport, exporting, canExport }: UserLogFiltersProps) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const [form] = Form.useForm<FormValues>();
  const users = useLogUsers();
  useFormSync(form, values, toForm);
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      role="search"
      aria-label={t('userLog.search.title')}
      data-testid="user-log-filters"
      onFinish={(v) => onApply(toValues(v))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="userId" label={t('userLog.field.user')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('userLog.field.user')}
          placeholder={t('userLog.search.allUsers')}
          loading={users.isLoading}
          style={{ minWidth: 160 }}
          options={(users.data?.list ?? []).map((u) => ({ value: u.id, label: u.username }))}
        />
      </Form.Item>
      <Form.Item name="action" label={t('userLog.field.action')}>
        <Select
          allowClear
          aria-label={t('userLog.field.action')}
          placeholder={t('userLog.search.allActions')}
          style={{ minWidth: 160 }}
          options={USER_LOG_ACTIONS.map((action) => ({ value: action, label: t(userLogActionKey(action)) }))}
        />
      </Form.Item>
      <Form.Item name="outcome" label={t('userLog.field.outcome')}>
        <Select
          allowClear
          aria-label={t('userLog.field.outcome')}
          placeholder={t('userLog.search.allOutcomes')}
          style={{ minWidth: 120 }}
          options={USER_LOG_OUTCOMES.map((outcome) => ({
            value: outcome,
            label: t(`userLog.outcome.${outcome}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('userLog.field.date')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={datePattern}
          aria-label={t('userLog.field.date')}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('userLog.search.apply')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('userLog.search.reset')}
          </Button>
          <Button data-testid="user-log-export" loading={exporting} disabled={!canExport} onClick={onExport}>
            {t('userLog.export.button')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
