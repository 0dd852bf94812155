import { Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalRule, type DecimalRuleOptions } from './money-rules';

interface DecimalFieldProps extends DecimalRuleOptions {
  name: string;
  label: string;
  extra?: string;
  /** A check against other fields, run again when any of `dependencies` changes. */
  crossCheck?: { rule: FormRule; dependencies: string[] };
}

/**
 * A decimal text field of a wallet form (amount, exchange rate, credit) checked with `decimalRule`;
 * a money amount is checked again when the form's currency changes.
 */
export function DecimalField({ name, label, extra, crossCheck, ...rule }: DecimalFieldProps) {
  const { t } = useTranslation();
  const dependencies = [...(rule.money ? ['currency'] : []), ...(crossCheck?.dependencies ?? [])];
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      dependencies={dependencies.length > 0 ? dependencies : undefined}
      rules={crossCheck ? [decimalRule(t, rule), crossCheck.rule] : [decimalRule(t, rule)]}
    >
      <Input inputMode="decimal" />
    </Form.Item>
  );
}
