import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  clearFilters,
  DayRangeFilter,
  FilterForm,
  SelectFilter,
  TextFilters,
} from '../../../shared/ui/filter-form';
import { textFilterForm, textFilterValues, type TextFilterForm } from '../../../shared/ui/text-filters';
import { useFormSync } from '../../../shared/ui/use-form-sync';
import { TICKET_STATUSES, ticketStatusKey, type TicketStatus } from '@portal/domain/ticket-statuses';
import type { VoyageFilterValues } from './api';

export const VOYAGE_TEXT_FIELDS = [
  'passenger',
  'ticketNumber',
  'flightNumber',
  'bookingNumber',
  'pnr',
] as const;
type TextField = (typeof VOYAGE_TEXT_FIELDS)[number];

type FormValues = TextFilterForm<TextField, TicketStatus>;

const toForm = (values: VoyageFilterValues): FormValues => textFilterForm(VOYAGE_TEXT_FIELDS, values);

interface VoyageSearchProps {
  values: VoyageFilterValues;
  onApply: (values: VoyageFilterValues) => void;
  onExport: () => void;
  exporting: boolean;
}

/** The booking records' filters: Enter or Search applies them, Reset clears them, Export downloads. */
export function VoyageSearch({ values, onApply, onExport, exporting }: VoyageSearchProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  useFormSync(form, values, toForm);
  return (
    <FilterForm<FormValues>
      form={form}
      label={t('voyage.search.title')}
      testId="voyage-search"
      onFinish={(v) => onApply(textFilterValues(VOYAGE_TEXT_FIELDS, v))}
      applyText={t('voyage.search.apply')}
      resetText={t('voyage.search.reset')}
      onReset={clearFilters(form, onApply)}
      actions={
        <Button data-testid="voyage-export" loading={exporting} onClick={onExport}>
          {t('voyage.export.button')}
        </Button>
      }
    >
      <DayRangeFilter label={t('voyage.field.departureDate')} />
      <TextFilters fields={VOYAGE_TEXT_FIELDS} labelOf={(field) => t(`voyage.field.${field}`)} />
      <SelectFilter
        name="status"
        label={t('voyage.field.status')}
        placeholder={t('voyage.search.allStatuses')}
        minWidth={140}
        options={TICKET_STATUSES.map((status) => ({ value: status, label: t(ticketStatusKey(status)) }))}
      />
    </FilterForm>
  );
}
