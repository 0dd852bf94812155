import { Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/** The booking contact: name, e-mail and phone with its area code (default 86). */
export function ContactFields() {
  const { t } = useTranslation();
  const required = (key: string) => [
    { required: true, whitespace: true, message: t(`booking.rules.${key}`) },
  ];
  return (
    <Card size="small" title={t('booking.contact.title')} style={{ marginTop: 12 }}>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item
            name={['contact', 'name']}
            label={t('booking.contact.name')}
            htmlFor="train-contact-name"
            rules={required('contact.name.required')}
          >
            <Input id="train-contact-name" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={['contact', 'email']}
            label={t('booking.contact.email')}
            htmlFor="train-contact-email"
            rules={required('contact.email.required')}
          >
            <Input id="train-contact-email" type="email" maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={8} sm={3}>
          <Form.Item
            name={['contact', 'phone', 'areaCode']}
            label={t('booking.contact.areaCode')}
            htmlFor="train-contact-area"
          >
            <Input id="train-contact-area" maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={16} sm={5}>
          <Form.Item
            name={['contact', 'phone', 'number']}
            label={t('booking.contact.phone')}
            htmlFor="train-contact-phone"
            rules={required('contact.phone.required')}
          >
            <Input id="train-contact-phone" maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
