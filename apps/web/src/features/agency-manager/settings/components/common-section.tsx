import { Form, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommonSettings } from '@portal/domain/agency-settings';
import { LOCALES, type Locale } from '@portal/domain/locale';
import type { FieldPath } from '../model/settings-form';
import { MoneyInput } from './money-input';
import { SettlementCurrencySelect } from './settlement-currency-select';

/** Each language in its own script, as the footer's language switch names them. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

type Flag = {
  [K in keyof CommonSettings]: CommonSettings[K] extends boolean ? K : never;
}[keyof CommonSettings];

const FLAGS: readonly Flag[] = [
  'enableFlightService',
  'enableTrainService',
  'canCreateSubAgency',
  'isShowBill',
  'sendEmailToSubAgency',
  'hidePnrBooking',
  'hideMainlandChinaContent',
  'disablePayment',
  'onlyShowOwnOrders',
  'showInvoiceTypeInExcel',
];

interface Props {
  currency: string;
  rule: (path: FieldPath) => FormRule;
}

/** Common settings of spec §3: service switches, e-mail language, settlement currency, credit alert. */
export function CommonSection({ currency, rule }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={['common', 'settlementCurrency']}
        label={t('agencySettings.common.settlementCurrency')}
        extra={t('agencySettings.common.settlementCurrencyHelp')}
        rules={[rule(['common', 'settlementCurrency'])]}
      >
        <SettlementCurrencySelect />
      </Form.Item>
      <Form.Item
        name={['common', 'emailLanguage']}
        label={t('agencySettings.common.emailLanguage')}
        extra={t('agencySettings.common.emailLanguageHelp')}
        rules={[rule(['common', 'emailLanguage'])]}
      >
        <Select
          options={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item
        name={['common', 'creditAlertThreshold']}
        label={t('agencySettings.common.creditAlertThreshold')}
        extra={t('agencySettings.common.creditAlertThresholdHelp')}
        rules={[rule(['common', 'creditAlertThreshold'])]}
      >
        <MoneyInput currency={currency} />
      </Form.Item>
      {FLAGS.map((flag) => (
        <Form.Item
          key={flag}
          name={['common', flag]}
          label={t(`agencySettings.common.${flag}`)}
          extra={t(`agencySettings.common.${flag}Help`)}
          valuePropName="checked"
          layout="horizontal"
        >
          <Switch />
        </Form.Item>
      ))}
    </>
  );
}
