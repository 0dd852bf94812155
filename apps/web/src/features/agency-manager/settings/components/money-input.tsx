import { InputNumber } from 'antd';
import { minorDigits } from '@portal/domain/currency-conversion';

interface MoneyInputProps {
  currency: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  min?: number;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
}

/** An amount in major units of `currency`, with as many decimals as the currency has minor digits. */
export function MoneyInput({ currency, value, onChange, min = 0, ...rest }: MoneyInputProps) {
  return (
    <InputNumber<number>
      {...rest}
      value={value}
      onChange={(next) => onChange?.(next)}
      min={min}
      precision={minorDigits(currency)}
      suffix={currency}
      style={{ width: '100%' }}
    />
  );
}
