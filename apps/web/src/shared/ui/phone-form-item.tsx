import { Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';

interface PhoneFormItemProps {
  label: string;
  areaCodeLabel: string;
  /** Shown when the area code is not 1 to 4 digits. */
  areaCodeMessage: string;
  /** Shown when the number is given but not valid for the area code. */
  phoneMessage: string;
}

/**
 * The phone rule the API applies, loaded when a number is first checked: it carries the phone
 * numbering plans of every country (about 43 KB compressed), which pages with a phone field only
 * in a dialog (agency management, users) must not download on their first load.
 */
async function phoneIsValid(areaCode: string, phone: string): Promise<boolean> {
  const { isValidPhone } = await import('@portal/domain/phone-numbers');
  return isValidPhone(areaCode, phone);
}

/**
 * An optional phone as the form fields `areaCode` (after a `+`) and `phone` side by side; a number
 * is checked against the area code with the rule the API applies.
 */
export function PhoneFormItem({ label, areaCodeLabel, areaCodeMessage, phoneMessage }: PhoneFormItemProps) {
  const phoneRule: Rule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (!value?.trim()) return;
      if (!(await phoneIsValid(String(getFieldValue('areaCode') ?? ''), value.trim())))
        throw new Error(phoneMessage);
    },
  });
  return (
    <Form.Item label={label} required={false}>
      <Space.Compact block>
        <Form.Item name="areaCode" noStyle rules={[{ pattern: /^\d{1,4}$/, message: areaCodeMessage }]}>
          <Input aria-label={areaCodeLabel} prefix="+" style={{ width: 110 }} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="phone" noStyle dependencies={['areaCode']} rules={[phoneRule]}>
          <Input aria-label={label} inputMode="tel" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
