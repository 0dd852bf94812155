import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLATFORM_AUDIT_ACTIONS, type PlatformAuditAction } from '@portal/domain/platform';
import { datesToRange, rangeToDates, type DayRange } from '../../../shared/dates/date-range';
import { clearFilters, DayRangeFilter, FilterForm, SelectFilter } from '../../../shared/ui/filter-form';
import { useFormSync } from '../../../shared/ui/use-form-sync';
import type { AuditFilterValues } from '../api/platform-audit';

interface FormValues {
  action?: PlatformAuditAction;
  admin?: string;
  targetType?: string;
  targetId?: string;
  range?: DayRange;
}

const TEXT_FIELDS = ['admin', 'targetType', 'targetId'] as const;

function toValues(form: FormValues): AuditFilterValues {
  const out: AuditFilterValues = {};
  if (form.action) out.action = form.action;
  for (const field of TEXT_FIELDS) {
    const value = form[field]?.trim();
    if (value) out[field] = value;
  }
  const { dateFrom, dateTo } = rangeToDates(form.range);
  if (dateFrom) out.from = dateFrom;
  if (dateTo) out.to = dateTo;
  return out;
}

function toForm(values: AuditFilterValues): FormValues {
  return {
    action: values.action,
    admin: values.admin,
    targetType: values.targetType,
    targetId: values.targetId,
    range: datesToRange(values.from, values.to),
  };
}

interface AuditFiltersProps {
  values: AuditFilterValues;
  onApply: (values: AuditFilterValues) => void;
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
}

/** The audit log's filters: Search applies them, Reset clears them, Export downloads what they select. */
export function AuditFilters({ values, onApply, onExport, exporting, canExport }: AuditFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  useFormSync(form, values, toForm);
  return (
    <FilterForm<FormValues>
      form={form}
      label={t('platform.audit.search.title')}
      testId="platform-audit-filters"
      onFinish={(v) => onApply(toValues(v))}
      applyText={t('platform.audit.search.apply')}
      resetText={t('platform.audit.search.reset')}
      onReset={clearFilters(form, onApply)}
      actions={
        <Button
          data-testid="platform-audit-export"
          loading={exporting}
          disabled={!canExport}
          onClick={onExport}
        >
          {t('platform.audit.export.button')}
        </Button>
      }
    >
      <SelectFilter
        name="action"
        label={t('platform.audit.field.action')}
        placeholder={t('platform.audit.search.allActions')}
        showSearch
        minWidth={200}
        options={PLATFORM_AUDIT_ACTIONS.map((action) => ({ value: action, label: action }))}
      />
      {TEXT_FIELDS.map((field) => (
        <Form.Item key={field} name={field} label={t(`platform.audit.field.${field}`)}>
          <Input
            allowClear
            maxLength={64}
            aria-label={t(`platform.audit.field.${field}`)}
            style={{ width: 160 }}
          />
        </Form.Item>
      ))}
      <DayRangeFilter label={t('platform.audit.field.date')} />
    </FilterForm>
  );
}
