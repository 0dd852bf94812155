import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GROUP_REMARK_MAX } from '@portal/domain/group-request';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { useDatePattern } from '../../../shared/dates/format-date';
import { AirportPicker } from '../../../shared/places/airport-picker';
import type { DraftJourney } from '../lib/draft-store';

interface JourneyFieldsProps {
  index: number;
  journey: DraftJourney;
  /** The message of each invalid field, by field name. */
  errors: Partial<Record<keyof DraftJourney, string>>;
  onChange: (journey: DraftJourney) => void;
  onRemove?: () => void;
}

function field(message: string | undefined) {
  return message ? { validateStatus: 'error' as const, help: message } : {};
}

/** One journey of the group request: origin, destination, date, return date and remark. */
export function JourneyFields({ index, journey, errors, onChange, onRemove }: JourneyFieldsProps) {
  const { t } = useTranslation();
  const pattern = useDatePattern();
  const n = index + 1;
  // The agency's day (the API refuses a journey before it), as the picker's local day.
  const today = dayjs(useAgencyToday());
  const id = (name: string) => `group-journey-${index}-${name}`;
  return (
    <Card
      size="small"
      title={t('groupOrders.form.journey', { n })}
      data-testid={`group-journey-${index}`}
      extra={
        onRemove && (
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('groupOrders.form.removeJourney', { n })}
            onClick={onRemove}
          />
        )
      }
      style={{ marginBottom: 12 }}
    >
      <Space wrap align="start" size={[16, 0]}>
        <Form.Item label={t('groupOrders.form.origin')} htmlFor={id('origin')} {...field(errors.origin)}>
          <AirportPicker
            id={id('origin')}
            label={t('groupOrders.form.origin')}
            value={journey.origin}
            airportsOnly={false}
            invalid={Boolean(errors.origin)}
            onChange={(origin) => onChange({ ...journey, origin })}
          />
        </Form.Item>
        <Form.Item
          label={t('groupOrders.form.destination')}
          htmlFor={id('destination')}
          {...field(errors.destination)}
        >
          <AirportPicker
            id={id('destination')}
            label={t('groupOrders.form.destination')}
            value={journey.destination}
            airportsOnly={false}
            invalid={Boolean(errors.destination)}
            onChange={(destination) => onChange({ ...journey, destination })}
          />
        </Form.Item>
        <Form.Item label={t('groupOrders.form.date')} htmlFor={id('date')} {...field(errors.date)}>
          <DatePicker
            id={id('date')}
            aria-label={t('groupOrders.form.date')}
            format={pattern}
            value={journey.date ? dayjs(journey.date) : null}
            disabledDate={(d) => d.isBefore(today, 'day')}
            onChange={(d) => onChange({ ...journey, date: d ? d.format('YYYY-MM-DD') : null })}
          />
        </Form.Item>
        <Form.Item
          label={t('groupOrders.form.returnDate')}
          htmlFor={id('returnDate')}
          {...field(errors.returnDate)}
        >
          <DatePicker
            id={id('returnDate')}
            aria-label={t('groupOrders.form.returnDate')}
            format={pattern}
            value={journey.returnDate ? dayjs(journey.returnDate) : null}
            disabledDate={(d) => d.isBefore(journey.date ? dayjs(journey.date) : today, 'day')}
            onChange={(d) => onChange({ ...journey, returnDate: d ? d.format('YYYY-MM-DD') : null })}
          />
        </Form.Item>
      </Space>
      <Form.Item label={t('groupOrders.form.remark')} htmlFor={id('remark')} {...field(errors.remark)}>
        <Input.TextArea
          id={id('remark')}
          rows={2}
          maxLength={GROUP_REMARK_MAX}
          showCount
          value={journey.remark}
          placeholder={t('groupOrders.form.remarkHint')}
          onChange={(event) => onChange({ ...journey, remark: event.target.value })}
        />
      </Form.Item>
    </Card>
  );
}
