import { Form, Input, InputNumber, Select, Space, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { CREDIT_PERIOD_UNITS } from '@portal/domain/agency-settings';
import type { FieldPath } from '../model/settings-form';

type Rule = (path: FieldPath) => FormRule;

/** Train settings of spec §3: the notification URL and manual ticketing. */
export function TrainSection({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={['train', 'notificationUrl']}
        label={t('agencySettings.train.notificationUrl')}
        extra={t('agencySettings.flight.notificationUrlHelp')}
        rules={[rule(['train', 'notificationUrl'])]}
      >
        <Input placeholder="https://" inputMode="url" />
      </Form.Item>
      <Form.Item
        name={['train', 'manual']}
        label={t('agencySettings.train.manual')}
        extra={t('agencySettings.train.manualHelp')}
        valuePropName="checked"
        layout="horizontal"
      >
        <Switch />
      </Form.Item>
    </>
  );
}

/** The credit period of spec §3: a number of days, weeks, months or years. */
export function CreditPeriodSection({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('agencySettings.creditPeriod.value')} extra={t('agencySettings.creditPeriod.help')}>
      <Space.Compact>
        <Form.Item name={['creditPeriod', 'value']} noStyle rules={[rule(['creditPeriod', 'value'])]}>
          <InputNumber<number>
            aria-label={t('agencySettings.creditPeriod.value')}
            precision={0}
            min={1}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item name={['creditPeriod', 'unit']} noStyle>
          <Select
            aria-label={t('agencySettings.creditPeriod.unit')}
            style={{ width: 140 }}
            options={CREDIT_PERIOD_UNITS.map((unit) => ({
              value: unit,
              label: t(`agencySettings.creditPeriod.units.${unit}`),
            }))}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
