import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { PhoneFormItem } from './phone-form-item';

function PhoneForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <Form initialValues={{ areaCode: '86' }} onFinish={onFinish}>
      <PhoneFormItem
        label="Phone"
        areaCodeLabel="Area code"
        areaCodeMessage="Bad area code"
        phoneMessage="Bad phone"
      />
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('phone field', () => {
  it('refuses a number not valid for its area code and accepts an empty or a valid one', async () => {
    const onFinish = vi.fn();
    render(<PhoneForm onFinish={onFinish} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bad phone')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ areaCode: '86', phone: '13800138000' }));
  });

  it('refuses an area code that is not 1 to 4 digits', async () => {
    render(<PhoneForm onFinish={vi.fn()} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Area code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Area code' }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bad area code')).toBeInTheDocument();
  });
});
