import { Form, Select } from 'antd';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@portal/domain/currency';
import { minorDigits } from '@portal/domain/currency-conversion';
import { MAX_REQUEST_AMOUNT } from '@portal/domain/limits';
import type { AgencyOption } from '@portal/domain/platform-funding';
import { formatMaximum, isAboveMaximum } from '@portal/domain/wallet-entries';

/**
 * A decimal text checked by the API's own rule of the field (`accepts`, from
 * `@portal/domain/money-request-fields`, the patterns the API's schemas are built from); a money
 * amount also by the digits of the form's currency and the request maximum (the API refuses the same).
 */
export function decimalRule(
  t: TFunction,
  accepts: (text: string) => boolean,
  options: { messageKey: string; required: boolean; money: boolean },
): FormRule {
  return ({ getFieldValue }) => ({
    required: options.required,
    validator: async (_rule, value: string | undefined) => {
      const text = (value ?? '').trim();
      if (!text) {
        if (options.required) throw new Error(t(options.messageKey));
        return;
      }
      if (!accepts(text)) throw new Error(t(options.messageKey));
      if (!options.money) return;
      if ((text.split('.')[1] ?? '').length > minorDigits(String(getFieldValue('currency') ?? ''))) {
        throw new Error(t(options.messageKey));
      }
      if (isAboveMaximum(text, MAX_REQUEST_AMOUNT)) {
        throw new Error(t('platformFunding.form.maximum', { max: formatMaximum(MAX_REQUEST_AMOUNT) }));
      }
    },
  });
}

/** The agency select of both forms: top-level agencies only; suspended ones shown but not chosen. */
export function AgencyField({ agencies }: { agencies: AgencyOption[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="agencyId"
      label={t('platformFunding.form.agency')}
      extra={t('platformFunding.form.agencyHelp')}
      rules={[{ required: true, message: t('platformFunding.form.agencyRequired') }]}
    >
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={agencies.map((a) => ({
          value: a.id,
          label: a.active
            ? `${a.name} (${a.id})`
            : t('platformFunding.form.agencyInactive', { name: `${a.name} (${a.id})` }),
          disabled: !a.active,
        }))}
      />
    </Form.Item>
  );
}

/** The currency select of both forms. */
export function CurrencyField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="currency" label={t('platformFunding.form.currency')} rules={[{ required: true }]}>
      <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
    </Form.Item>
  );
}
