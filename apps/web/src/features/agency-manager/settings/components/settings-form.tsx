import { Alert, Form, Tabs, type FormInstance } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@portal/domain/currency';
import type { SettingsValues } from '../model/settings-form';
import { useSettingsRule } from '../model/use-settings-rule';
import { CommonSection } from './common-section';
import { FlightSection } from './flight-section';
import { PriceChainPanel } from './price-chain-panel';
import { CreditPeriodSection, TrainSection } from './train-and-credit-sections';

const SECTIONS = ['common', 'flight', 'train', 'creditPeriod'] as const;
const TABS = [...SECTIONS, 'priceChain'] as const;
type Tab = (typeof TABS)[number];
const isTab = (key: string): key is Tab => (TABS as readonly string[]).includes(key);

interface Props {
  agencyId: number;
  form: FormInstance<SettingsValues>;
  initialValues: SettingsValues;
  /** Problems that belong to no single field (the server's message, a group rule). */
  problems: string[];
  onFinish: (values: SettingsValues) => void;
}

/** The settings as tabs of one form; a refused save opens the tab of the first marked field. */
export function SettingsForm({ agencyId, form, initialValues, problems, onFinish }: Props) {
  const { t } = useTranslation();
  const rule = useSettingsRule();
  const [tab, setTab] = useState<Tab>('common');
  const [invalid, setInvalid] = useState(false);
  // The form instance outlives this form (the drawer holds it): start from these values, not from
  // what an earlier agency or an earlier copy left in its store.
  useLayoutEffect(() => form.resetFields(), [form]);
  const currency =
    Form.useWatch<Currency | undefined>(['common', 'settlementCurrency'], form) ??
    initialValues.common.settlementCurrency;

  const handleFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    setInvalid(true);
    const section = SECTIONS.find((s) => s === errorFields[0]?.name[0]);
    if (section) setTab(section);
  };

  const items = [
    { key: 'common', children: <CommonSection currency={currency} rule={rule} /> },
    { key: 'flight', children: <FlightSection currency={currency} rule={rule} /> },
    { key: 'train', children: <TrainSection rule={rule} /> },
    { key: 'creditPeriod', children: <CreditPeriodSection rule={rule} /> },
  ] as const;

  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      component={false}
      initialValues={initialValues}
      onFinish={() => {
        setInvalid(false);
        // Every stored value, not only the fields on screen: the airline and supplier lists are
        // hidden while the filter is off, and a save must still send them.
        onFinish(form.getFieldsValue(true) as SettingsValues);
      }}
      onFinishFailed={handleFailed}
      onValuesChange={() => setInvalid(false)}
    >
      {invalid && <Alert type="error" showIcon role="alert" title={t('agencySettings.fixErrors')} />}
      {problems.map((problem) => (
        <Alert key={problem} type="error" showIcon role="alert" title={problem} />
      ))}
      <Tabs
        activeKey={tab}
        onChange={(key) => isTab(key) && setTab(key)}
        items={[
          ...items.map((item) => ({
            key: item.key,
            label: t(`agencySettings.tabs.${item.key}`),
            children: item.children,
            // Every field stays mounted, so the whole form is checked on save.
            forceRender: true,
          })),
          {
            key: 'priceChain',
            label: t('agencySettings.tabs.priceChain'),
            children: <PriceChainPanel agencyId={agencyId} currency={currency} />,
          },
        ]}
      />
    </Form>
  );
}
