import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { datesToRange, rangeToDates, type DayRange } from '../../../shared/dates/date-range';
import { clearFilters, DayRangeFilter, FilterForm, SelectFilter } from '../../../shared/ui/filter-form';
import { useFormSync } from '../../../shared/ui/use-form-sync';
import {
  USER_LOG_ACTIONS,
  USER_LOG_OUTCOMES,
  userLogActionKey,
  type UserLogAction,
  type UserLogOutcome,
} from '@portal/domain/user-log-actions';
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
  const [form] = Form.useForm<FormValues>();
  const users = useLogUsers();
  useFormSync(form, values, toForm);
  return (
    <FilterForm<FormValues>
      form={form}
      label={t('userLog.search.title')}
      testId="user-log-filters"
      onFinish={(v) => onApply(toValues(v))}
      applyText={t('userLog.search.apply')}
      resetText={t('userLog.search.reset')}
      onReset={clearFilters(form, onApply)}
      actions={
        <Button data-testid="user-log-export" loading={exporting} disabled={!canExport} onClick={onExport}>
          {t('userLog.export.button')}
        </Button>
      }
    >
      <SelectFilter
        name="userId"
        label={t('userLog.field.user')}
        showSearch
        optionFilterProp="label"
        placeholder={t('userLog.search.allUsers')}
        loading={users.isLoading}
        minWidth={160}
        options={(users.data?.list ?? []).map((u) => ({ value: u.id, label: u.username }))}
      />
      <SelectFilter
        name="action"
        label={t('userLog.field.action')}
        placeholder={t('userLog.search.allActions')}
        minWidth={160}
        options={USER_LOG_ACTIONS.map((action) => ({ value: action, label: t(userLogActionKey(action)) }))}
      />
      <SelectFilter
        name="outcome"
        label={t('userLog.field.outcome')}
        placeholder={t('userLog.search.allOutcomes')}
        minWidth={120}
        options={USER_LOG_OUTCOMES.map((outcome) => ({
          value: outcome,
          label: t(`userLog.outcome.${outcome}`),
        }))}
      />
      <DayRangeFilter label={t('userLog.field.date')} />
    </FilterForm>
  );
}
