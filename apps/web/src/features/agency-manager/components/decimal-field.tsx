import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalRule, type DecimalRuleOptions } from './money-rules';

interface DecimalFieldProps extends DecimalRuleOptions {
  name: string;
  label: string;
  extra?: string;
}

/**
 * A decimal text field of a wallet form (amount, exchange rate, credit) checked with `decimalRule`;
 * a money amount is checked again when the form's currency changes.
 */
export function DecimalField({ name, label, extra, ...rule }: DecimalFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      dependencies={rule.money ? ['currency'] : undefined}
      rules={[decimalRule(t, rule)]}
    >
      <Input inputMode="decimal" />
    </Form.Item>
  );
}
