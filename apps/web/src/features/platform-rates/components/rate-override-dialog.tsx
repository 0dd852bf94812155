import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RatedCurrency } from '@portal/domain/platform-rates';
import { isValidRate } from '@portal/domain/rate-rules';

interface RateOverrideDialogProps {
  currency: RatedCurrency | null;
  saving: boolean;
  onSubmit: (input: { rate: string; reason: string }) => void;
  onCancel: () => void;
}

/** Sets a rate by hand: the rate per 1 CNY and a mandatory reason (kept in the history and the audit log). */
export function RateOverrideDialog({ currency, saving, onSubmit, onCancel }: RateOverrideDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ rate: string; reason: string }>();
  return (
    <Modal
      open={currency !== null}
      title={t('platformRates.rates.override.title', { currency })}
      okText={t('platformRates.rates.override.save')}
      cancelText={t('platformRates.common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() =>
        // A refused field shows its message in the form; nothing else is to be done with it.
        void form.validateFields().then(onSubmit, () => undefined)
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="rate"
          label={t('platformRates.rates.override.rate')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (!value || !isValidRate(value.trim()))
                  throw new Error(t('platformRates.rates.override.rateInvalid'));
              },
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('platformRates.rates.override.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              min: 3,
              message: t('platformRates.rates.override.reasonRequired'),
            },
          ]}
        >
          <Input.TextArea maxLength={300} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
