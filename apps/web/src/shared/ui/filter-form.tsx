import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { FormInstance, FormProps, SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { CURRENCIES } from '@portal/domain/currency';
import { useDatePattern } from '../dates/format-date';

interface FilterFormProps<V> extends Omit<FormProps<V>, 'form' | 'layout' | 'role' | 'style' | 'children'> {
  form: FormInstance<V>;
  /** The search landmark's accessible name. */
  label?: string;
  testId: string;
  applyText: string;
  applyTestId?: string;
  resetText: string;
  /** Clears the filters: usually `form.resetFields()` and applying none. */
  onReset: () => void;
  /** Buttons after Search and Reset (an export). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a list's filters: an inline search landmark with the filter fields, then Search
 * (or Enter in a field), which submits the form, Reset and any further actions.
 */
export function FilterForm<V>({
  form,
  label,
  testId,
  applyText,
  applyTestId,
  resetText,
  onReset,
  actions,
  children,
  ...formProps
}: FilterFormProps<V>) {
  return (
    <Form<V>
      {...formProps}
      form={form}
      layout="inline"
      role="search"
      aria-label={label}
      data-testid={testId}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid={applyTestId}>
            {applyText}
          </Button>
          <Button onClick={onReset}>{resetText}</Button>
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}

/** The Reset of filters that start empty: clears the form's fields and applies no filter. */
export function clearFilters(
  form: FormInstance,
  onApply: (values: Record<never, never>) => void,
): () => void {
  return () => {
    form.resetFields();
    onApply({});
  };
}

interface SelectFilterProps extends Omit<SelectProps, 'aria-label' | 'style' | 'allowClear'> {
  name: string;
  label: string;
  minWidth: number;
}

/** A clearable choice among the filters, labelled for screen readers too; empty means all. */
export function SelectFilter({ name, label, minWidth, ...select }: SelectFilterProps) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear aria-label={label} style={{ minWidth }} {...select} />
    </Form.Item>
  );
}

/** A wallet currency among the filters (field `currency`); empty means every currency. */
export function CurrencyFilter({ label, placeholder }: { label: string; placeholder: string }) {
  return (
    <SelectFilter
      name="currency"
      label={label}
      placeholder={placeholder}
      options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
      minWidth={120}
    />
  );
}

/** A day range among the filters (field `range`); either end may stay open. */
export function DayRangeFilter({ label }: { label: string }) {
  const datePattern = useDatePattern();
  return (
    <Form.Item name="range" label={label}>
      <DatePicker.RangePicker allowEmpty={[true, true]} format={datePattern} aria-label={label} />
    </Form.Item>
  );
}

/** A text input per field among the filters (booking number, PNR …); see `textFilterValues`. */
export function TextFilters<T extends string>({
  fields,
  labelOf,
}: {
  fields: readonly T[];
  labelOf: (field: T) => string;
}) {
  return fields.map((field) => {
    // antd's name path type cannot be worked out for a type parameter; any field name is a string.
    const name: string = field;
    return (
      <Form.Item key={field} name={name} label={labelOf(field)}>
        <Input allowClear maxLength={64} aria-label={labelOf(field)} style={{ width: 160 }} />
      </Form.Item>
    );
  });
}
