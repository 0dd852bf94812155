import { DatePicker, Input, Space } from 'antd';
import dayjs from 'dayjs';
import { normalizePastedDate } from '@portal/domain/passenger-checks';

interface DateTextProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  'aria-invalid'?: boolean;
}

/**
 * A date typed or pasted as `yyyy-mm-dd` (other formats are kept and refused by the rules), with a
 * calendar beside it that writes the same text.
 */
export function DateText({ id, value, onChange, placeholder }: DateTextProps) {
  const parsed = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value, 'YYYY-MM-DD') : null;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value}
        placeholder={placeholder ?? 'yyyy-mm-dd'}
        onChange={(e) => onChange?.(e.target.value)}
        onPaste={(e) => {
          const text = e.clipboardData.getData('text');
          const pasted = normalizePastedDate(text);
          e.preventDefault();
          onChange?.(pasted.ok ? pasted.date : text.trim());
        }}
      />
      <DatePicker
        aria-hidden
        tabIndex={-1}
        value={parsed?.isValid() ? parsed : null}
        onChange={(date) => onChange?.(date ? date.format('YYYY-MM-DD') : '')}
        style={{ width: 44 }}
        inputReadOnly
        variant="filled"
        placeholder=""
        allowClear={false}
      />
    </Space.Compact>
  );
}
