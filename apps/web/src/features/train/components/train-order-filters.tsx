import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TRAIN_ORDER_STATUSES, type TrainOrderStatus } from '@portal/domain/train-order-status';
import { rangeToDates, type DayRange } from '../../../shared/dates/date-range';
import { useDatePattern } from '../../../shared/dates/format-date';
import type { TrainOrderFilters } from '../api/train-orders';

const KEYWORD_FIELDS = ['bookingNumber', 'trainNumber', 'passenger'] as const;
type KeywordField = (typeof KEYWORD_FIELDS)[number];

interface FormValues {
  status?: TrainOrderStatus;
  range?: DayRange;
  departureDate?: Dayjs | null;
  field: KeywordField;
  keyword?: string;
}

function toFilters(values: FormValues): TrainOrderFilters {
  const keyword = values.keyword?.trim();
  return {
    ...(values.status ? { status: values.status } : {}),
    ...rangeToDates(values.range),
    ...(values.departureDate ? { departureDate: values.departureDate.format('YYYY-MM-DD') } : {}),
    ...(keyword ? { [values.field]: keyword } : {}),
  };
}

/** Status, booking dates, departure date and a keyword (booking number, train number or passenger). */
export function TrainOrderFiltersForm({ onApply }: { onApply: (filters: TrainOrderFilters) => void }) {
  const { t } = useTranslation();
  const pattern = useDatePattern();
  const [form] = Form.useForm<FormValues>();
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      role="search"
      data-testid="train-order-filters"
      initialValues={{ field: 'bookingNumber' }}
      onFinish={(values) => onApply(toFilters(values))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="status" label={t('trainOrders.filters.status')} htmlFor="train-order-status">
        <Select
          id="train-order-status"
          allowClear
          placeholder={t('trainOrders.filters.all')}
          style={{ width: 160 }}
          options={TRAIN_ORDER_STATUSES.map((s) => ({ value: s, label: t(`trainOrders.status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('trainOrders.filters.bookingDate')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} format={pattern} />
      </Form.Item>
      <Form.Item
        name="departureDate"
        label={t('trainOrders.filters.departureDate')}
        htmlFor="train-order-departure"
      >
        <DatePicker id="train-order-departure" format={pattern} />
      </Form.Item>
      <Form.Item label={t('trainOrders.filters.keyword')} htmlFor="train-order-keyword">
        <Space.Compact>
          <Form.Item name="field" noStyle>
            <Select
              aria-label={t('trainOrders.filters.keywordField')}
              style={{ width: 150 }}
              options={KEYWORD_FIELDS.map((f) => ({ value: f, label: t(`trainOrders.filters.fields.${f}`) }))}
            />
          </Form.Item>
          <Form.Item name="keyword" noStyle>
            <Input id="train-order-keyword" allowClear maxLength={64} style={{ width: 180 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('trainOrders.filters.search')}
        </Button>
      </Form.Item>
    </Form>
  );
}
