import { Alert, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentChannel, PaymentConfig } from '@portal/domain/payment';

interface ChannelPickerProps {
  /** The agency's channels; empty when its payment is disabled. */
  options: PaymentConfig;
  loaded: boolean;
  value: PaymentChannel | null;
  onChange: (channel: PaymentChannel) => void;
}

/** The agency's payment channels to choose from, with a channel's fee, or why there is none. */
export function ChannelPicker({ options, loaded, value, onChange }: ChannelPickerProps) {
  const { t } = useTranslation();
  if (loaded && options.length === 0) {
    return <Alert type="warning" showIcon title={t('payment.error.disabled')} />;
  }
  if (options.length === 0) return null;
  return (
    <Radio.Group
      value={value}
      onChange={(e) => onChange(e.target.value as PaymentChannel)}
      aria-label={t('payment.panel.channel')}
      options={options.map((o) => ({
        value: o.channel,
        label:
          o.feePercent > 0
            ? t('payment.panel.withFee', { channel: t(o.labelKey), fee: o.feePercent })
            : t(o.labelKey),
      }))}
    />
  );
}
