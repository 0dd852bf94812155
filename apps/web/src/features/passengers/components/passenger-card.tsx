import { Alert, Card, Checkbox, Col, Form, Input, Radio, Row, Select, Space, Tag } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDocumentType } from '@portal/domain/document-types';
import { validatePassenger, type PassengerContext } from '@portal/domain/passenger-rules';
import type { PassengerType } from '@portal/domain/shopping';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import {
  countryCodes,
  DOCUMENT_TYPE_OPTIONS,
  FIELD_OF_PATH,
  fromFrequent,
  ruleMessageKey,
  toDraft,
  type PassengerFormValue,
} from '../model/passenger-form';
import { DateText } from './date-text';
import { DocumentUpload } from './document-upload';
import { FrequentPicker } from './frequent-picker';

const DISPLAY_LOCALES = { en: 'en', 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant' } as const;
const COUNTRIES = countryCodes();

interface PassengerCardProps {
  form: FormInstance;
  index: number;
  type: PassengerType;
  ctx: PassengerContext;
}

/** One passenger of the booking: names, gender, birthday, nationality, document, frequent flyer. */
export function PassengerCard({ form, index, type, ctx }: PassengerCardProps) {
  const { t } = useTranslation();
  const locale = usePreferencesStore((s) => s.locale);
  const [filled, setFilled] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const name = (field: keyof PassengerFormValue) => ['passengers', index, field];

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([DISPLAY_LOCALES[locale]], { type: 'region' });
    return COUNTRIES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
  }, [locale]);

  /** The rule errors of this card for `field`, as an antd rule. */
  const rule = (field: keyof PassengerFormValue): FormRule => ({
    validator: () => {
      const value = form.getFieldValue(['passengers', index]) as PassengerFormValue | undefined;
      const error = validatePassenger(toDraft(value), ctx).find((e) => FIELD_OF_PATH[e.path] === field);
      return error ? Promise.reject(new Error(t(ruleMessageKey(error), error.params))) : Promise.resolve();
    },
  });
  const deps = (...fields: (keyof PassengerFormValue)[]) => fields.map((f) => name(f));

  const fill = (value: Partial<PassengerFormValue>) => {
    const current = (form.getFieldValue(['passengers', index]) ?? {}) as PassengerFormValue;
    form.setFieldValue(['passengers', index], { ...current, ...value, type });
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
              const doc = fields.travel_document ?? {};
              fill({
                surname: fields.surname,
                given_names: fields.given_names,
                gender: fields.gender,
                birthday: fields.birthday,
                nationality: fields.nationality,
                interfaceType: isDocumentType(doc.interfaceType) ? doc.interfaceType : 'passport',
                number: doc.number,
                expiryDate: doc.expiryDate,
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
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.surname')}
            name={name('surname')}
            rules={[rule('surname')]}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.givenNames')}
            name={name('given_names')}
            rules={[rule('given_names')]}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('booking.passenger.gender')} name={name('gender')} rules={[rule('gender')]}>
            <Radio.Group
              options={[
                { value: 'male', label: t('booking.gender.male') },
                { value: 'female', label: t('booking.gender.female') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.birthday')}
            name={name('birthday')}
            rules={[rule('birthday')]}
            validateFirst
          >
            <DateText />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.nationality')}
            name={name('nationality')}
            rules={[rule('nationality')]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.documentType')}
            name={name('interfaceType')}
            rules={[rule('interfaceType')]}
          >
            <Select options={DOCUMENT_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.documentNumber')}
            name={name('number')}
            rules={[rule('number')]}
            dependencies={deps('interfaceType')}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.expiryDate')}
            name={name('expiryDate')}
            rules={[rule('expiryDate')]}
          >
            <DateText />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('booking.passenger.issuingPlace')} name={name('issuingPlace')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.ffAirline')}
            name={name('ffAirline')}
            normalize={(v: string) => v.toUpperCase()}
            rules={[{ pattern: /^[A-Z0-9]{2}$/, message: t('booking.passenger.ffAirlineFormat') }]}
          >
            <Input maxLength={2} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('booking.passenger.ffNumber')}
            name={name('ffNumber')}
            rules={[{ pattern: /^[A-Za-z0-9]{4,20}$/, message: t('booking.passenger.ffNumberFormat') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('saveFrequent')} valuePropName="checked" label=" " colon={false}>
            <Checkbox>{t('booking.passenger.saveFrequent')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
