import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { minorDigits } from '@portal/domain/currency-conversion';
import { MAX_REQUEST_AMOUNT } from '@portal/domain/limits';
import { formatMaximum, isAboveMaximum } from '@portal/domain/wallet-entries';

export interface DecimalRuleOptions {
  /** The API's own schema of the field. */
  schema: { safeParse: (value: unknown) => { success: boolean } };
  /** Message key when the text is missing or not accepted by `schema`. */
  messageKey: string;
  required: boolean;
  /** A money amount: no more decimals than the currency of the form's `currency` field, and the maximum. */
  money: boolean;
}

/** An antd rule for a decimal text field of a money form, with the API's limits. */
export function decimalRule(t: TFunction, options: DecimalRuleOptions): Rule {
  const { schema, messageKey, required, money } = options;
  return ({ getFieldValue }) => ({
    required,
    validator: (_rule, value: string | undefined) => {
      const text = (value ?? '').trim();
      if (!text) return required ? Promise.reject(new Error(t(messageKey))) : Promise.resolve();
      if (!schema.safeParse(text).success) return Promise.reject(new Error(t(messageKey)));
      if (!money) return Promise.resolve();
      const digits = minorDigits(String(getFieldValue('currency') ?? ''));
      if ((text.split('.')[1] ?? '').length > digits) {
        return Promise.reject(new Error(t('agencyManager.money.digits', { digits })));
      }
      if (isAboveMaximum(text, MAX_REQUEST_AMOUNT)) {
        return Promise.reject(
          new Error(t('agencyManager.money.maximum', { max: formatMaximum(MAX_REQUEST_AMOUNT) })),
        );
      }
      return Promise.resolve();
    },
  });
}
