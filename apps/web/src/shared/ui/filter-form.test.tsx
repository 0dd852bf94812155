import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { clearFilters, FilterForm, SelectFilter } from './filter-form';

interface Values {
  pnr?: string;
  kind?: string;
}

function Filters({ onApply }: { onApply: (values: Values) => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <FilterForm<Values>
      form={form}
      label="Order search"
      testId="filters"
      onFinish={onApply}
      applyText="Search"
      applyTestId="filters-apply"
      resetText="Reset"
      onReset={clearFilters(form, onApply)}
    >
      <Form.Item name="pnr" label="PNR">
        <Input aria-label="PNR" />
      </Form.Item>
      <SelectFilter
        name="kind"
        label="Kind"
        placeholder="All"
        minWidth={120}
        options={[{ value: 'a', label: 'A' }]}
      />
    </FilterForm>
  );
}

describe('list filters', () => {
  it('is a named search landmark whose Search applies the fields and whose Reset clears them', async () => {
    const onApply = vi.fn();
    render(<Filters onApply={onApply} />);
    expect(screen.getByRole('search', { name: 'Order search' })).toHaveAttribute('data-testid', 'filters');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('PNR'), 'ABC123');
    await userEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ pnr: 'ABC123' })));

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText('PNR')).toHaveValue('');
  });
});
