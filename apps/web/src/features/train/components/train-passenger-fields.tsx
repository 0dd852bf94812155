import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TRAIN_DOCUMENT_TYPES, TRAIN_PASSENGER_TYPES } from '@portal/domain/train-passengers';
import { RAIL_CALENDAR_TIME_ZONE, todayIn } from '@portal/domain/time-zone-names';
import { useDatePattern } from '../../../shared/dates/format-date';

/** The fields of passenger `index`: ticket type, name, nationality, document, and birthday when needed. */
export function TrainPassengerFields({
  index,
  fieldName,
  onRemove,
}: {
  index: number;
  fieldName: number;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const pattern = useDatePattern();
  const documentType = Form.useWatch(['passengers', fieldName, 'documentType']) as string | undefined;
  const id = (field: string) => `train-passenger-${index}-${field}`;
  const required = (key: string) => [
    { required: true, whitespace: true, message: t(`booking.rules.${key}`) },
  ];

  return (
    <Card
      size="small"
      data-testid={`train-passenger-${index}`}
      title={t('booking.passenger.title', { n: index + 1 })}
      extra={
        onRemove && (
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('trainBooking.book.removePassenger', { n: index + 1 })}
            onClick={onRemove}
          />
        )
      }
    >
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[fieldName, 'type']}
            label={t('trainBooking.book.ticketType')}
            htmlFor={id('type')}
          >
            <Select
              id={id('type')}
              options={TRAIN_PASSENGER_TYPES.map((type) => ({
                value: type,
                label: t(`trainBooking.book.ticketTypes.${type}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[fieldName, 'name']}
            label={t('trainBooking.book.name')}
            htmlFor={id('name')}
            rules={required('passenger.givenNames.required')}
            extra={t('trainBooking.book.nameHint')}
          >
            <Input id={id('name')} maxLength={60} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[fieldName, 'nationality']}
            label={t('booking.passenger.nationality')}
            htmlFor={id('nationality')}
            rules={required('passenger.nationality.required')}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input id={id('nationality')} maxLength={2} style={{ width: 80 }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[fieldName, 'documentType']}
            label={t('booking.passenger.documentType')}
            htmlFor={id('documentType')}
          >
            <Select
              id={id('documentType')}
              options={TRAIN_DOCUMENT_TYPES.map((type) => ({
                value: type,
                label: t(`booking.documentTypes.${type}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[fieldName, 'documentNumber']}
            label={t('booking.passenger.documentNumber')}
            htmlFor={id('documentNumber')}
            rules={required('passenger.documentNumber.required')}
          >
            <Input id={id('documentNumber')} maxLength={30} autoComplete="off" />
          </Form.Item>
        </Col>
        {documentType !== 'national-id' && (
          <Col xs={24} sm={8}>
            <Form.Item
              name={[fieldName, 'birthday']}
              label={t('booking.passenger.birthday')}
              htmlFor={id('birthday')}
              rules={required('passenger.birthday.required')}
              getValueProps={(value?: string) => ({ value: value ? dayjs(value) : undefined })}
              normalize={(value: dayjs.Dayjs | null) => value?.format('YYYY-MM-DD')}
            >
              <DatePicker
                id={id('birthday')}
                format={pattern}
                // Born at the latest today on the railway's calendar (Beijing's day), as the API checks.
                disabledDate={(d) => d.isAfter(dayjs(todayIn(RAIL_CALENDAR_TIME_ZONE)), 'day')}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Card>
  );
}
