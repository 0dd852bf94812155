import { Alert, Card, Checkbox, Col, Form, Input, Space, Tag } from 'antd';
import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDocumentType } from '@portal/domain/document-types';
import { validatePassenger, type PassengerContext } from '@portal/domain/passenger-checks';
import type { PassengerType } from '@portal/domain/shopping';
import { fromFrequent, toDraft, type PassengerFormValue } from '../model/passenger-form';
import { loadPhoneCheck } from '../model/phone-check';
import { DocumentUpload } from './document-upload';
import { FrequentPicker } from './frequent-picker';
import { PassengerFields } from './passenger-fields';

interface PassengerCardProps {
  form: FormInstance;
  index: number;
  type: PassengerType;
  ctx: PassengerContext;
}

/** One passenger of the booking: names, gender, birthday, nationality, document, frequent flyer. */
export function PassengerCard({ form, index, type, ctx }: PassengerCardProps) {
  const { t } = useTranslation();
  const [filled, setFilled] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const name = (field: keyof PassengerFormValue) => ['passengers', index, field];

  const validate = useCallback(
    async (value: PassengerFormValue | undefined) =>
      validatePassenger(toDraft(value), ctx, await loadPhoneCheck()),
    [ctx],
  );

  /**
   * Puts `value` into the passenger and checks again each field it filled: a red error left from an
   * earlier check would otherwise stay under a field that is now valid (antd re-checks a field only
   * when the user changes it).
   */
  const fill = (value: Partial<PassengerFormValue>) => {
    const current = (form.getFieldValue(['passengers', index]) ?? {}) as PassengerFormValue;
    form.setFieldValue(['passengers', index], { ...current, ...value, type });
    const filled = (Object.keys(value) as (keyof PassengerFormValue)[]).filter(
      (field) => field !== 'type' && value[field] !== undefined && value[field] !== '',
    );
    if (filled.length > 0) void form.validateFields(filled.map(name)).catch(() => undefined);
  };

  return (
    <Card
      data-testid={`passenger-card-${index}`}
      title={
        <Space>
          {t('booking.passenger.title', { n: index + 1 })}
          <Tag color="blue">{t(`booking.passengerType.${type}`)}</Tag>
        </Space>
      }
      extra={
        <Space wrap>
          <FrequentPicker
            onPick={(p) => {
              fill(fromFrequent(p, type));
              setFilled(false);
            }}
          />
          <DocumentUpload
            onRead={(fields) => {
              setUploadError(null);
              const doc = fields.travel_document;
              // What the zone does not show (null) leaves the field empty.
              fill({
                surname: fields.surname ?? undefined,
                given_names: fields.given_names ?? undefined,
                gender: fields.gender ?? undefined,
                birthday: fields.birthday ?? undefined,
                nationality: fields.nationality ?? undefined,
                interfaceType: isDocumentType(doc.interfaceType) ? doc.interfaceType : 'passport',
                number: doc.number ?? undefined,
                expiryDate: doc.expiryDate ?? undefined,
              });
              setFilled(true);
            }}
            onError={setUploadError}
          />
        </Space>
      }
    >
      {filled && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('booking.upload.confirm')}
          data-testid={`passenger-filled-${index}`}
          closable={{ onClose: () => setFilled(false) }}
        />
      )}
      {uploadError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={uploadError}
          data-testid={`passenger-upload-error-${index}`}
        />
      )}
      <Form.Item name={name('type')} hidden>
        <Input />
      </Form.Item>
      <PassengerFields form={form} path={['passengers', index]} validate={validate}>
        <Col xs={24} md={8}>
          <Form.Item name={name('saveFrequent')} valuePropName="checked" label=" " colon={false}>
            <Checkbox>{t('booking.passenger.saveFrequent')}</Checkbox>
          </Form.Item>
        </Col>
      </PassengerFields>
    </Card>
  );
}
