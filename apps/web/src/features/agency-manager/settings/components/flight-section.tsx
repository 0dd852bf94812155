import { Divider, Form, Input, InputNumber, Radio, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldPath } from '../model/settings-form';
import { MoneyInput } from './money-input';
import { PriceAdjustmentsEditor } from './price-adjustments-editor';

interface Props {
  currency: string;
  rule: (path: FieldPath) => FormRule;
}

const FEES = ['change', 'refund', 'void'] as const;
const FLAGS = ['showSuppliers', 'onlyFreeBaggage', 'onlyWithFareBasis'] as const;
const URLS = ['bookingNotificationUrl', 'flightChangeNotificationUrl'] as const;

/** Flight settings of spec §3: markups, service fees, result filters, time limit and notification URLs. */
export function FlightSection({ currency, rule }: Props) {
  const { t } = useTranslation();
  const filterMode = Form.useWatch<string | undefined>(['flight', 'filter', 'mode']);
  const text = (key: string) => t(`agencySettings.flight.${key}`);

  return (
    <>
      <Divider titlePlacement="start">{text('adjustments')}</Divider>
      <p>{text('adjustmentsHelp')}</p>
      <PriceAdjustmentsEditor currency={currency} rule={rule} />

      <Divider titlePlacement="start">{text('serviceFees')}</Divider>
      <p>{text('serviceFeesHelp')}</p>
      {FEES.map((fee) => (
        <Form.Item
          key={fee}
          name={['flight', 'serviceFees', fee]}
          label={text(`fees.${fee}`)}
          rules={[rule(['flight', 'serviceFees', fee])]}
        >
          <MoneyInput currency={currency} />
        </Form.Item>
      ))}

      <Divider titlePlacement="start">{text('results')}</Divider>
      {FLAGS.map((flag) => (
        <Form.Item
          key={flag}
          name={['flight', flag]}
          label={text(flag)}
          extra={text(`${flag}Help`)}
          valuePropName="checked"
          layout="horizontal"
        >
          <Switch />
        </Form.Item>
      ))}
      <Form.Item
        name={['flight', 'maxResponseTimeMs']}
        label={text('maxResponseTime')}
        extra={text('maxResponseTimeHelp')}
        rules={[rule(['flight', 'maxResponseTimeMs'])]}
      >
        <InputNumber<number> step={1} suffix={text('seconds')} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name={['flight', 'searchMode']} label={text('searchMode')}>
        <Radio.Group
          options={(['all', 'popular'] as const).map((mode) => ({
            value: mode,
            label: text(`searchModes.${mode}`),
          }))}
        />
      </Form.Item>
      <Form.Item name={['flight', 'filter', 'mode']} label={text('filterMode')}>
        <Radio.Group
          options={(['none', 'whitelist', 'blacklist'] as const).map((mode) => ({
            value: mode,
            label: text(`filterModes.${mode}`),
          }))}
        />
      </Form.Item>
      {filterMode !== 'none' && (
        <>
          <Form.Item
            name={['flight', 'filter', 'airlines']}
            label={text('airlines')}
            extra={text('airlinesHelp')}
            normalize={(codes: string[]) => codes.map((code) => code.trim().toUpperCase())}
            rules={[rule(['flight', 'filter', 'airlines'])]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} suffixIcon={null} />
          </Form.Item>
          <Form.Item
            name={['flight', 'filter', 'suppliers']}
            label={text('suppliers')}
            extra={text('suppliersHelp')}
            rules={[rule(['flight', 'filter', 'suppliers'])]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',']} suffixIcon={null} />
          </Form.Item>
        </>
      )}

      <Divider titlePlacement="start">{text('notifications')}</Divider>
      {URLS.map((name) => (
        <Form.Item
          key={name}
          name={['flight', name]}
          label={text(name)}
          extra={text('notificationUrlHelp')}
          rules={[rule(['flight', name])]}
        >
          <Input placeholder="https://" inputMode="url" />
        </Form.Item>
      ))}
    </>
  );
}
