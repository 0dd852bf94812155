import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TransactionList, TransactionRow } from '@portal/domain/wallet';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { serveExport } from '../../../test/export-spy';

const WAIT = { timeout: 30_000 };
/** Filter tests drive antd pickers and selects, which are slow in jsdom under a parallel run. */
const SLOW = 40000;

function row(id: number, over: Partial<TransactionRow> = {}): TransactionRow {
  return {
    id: String(id),
    kind: 'top-up',
    direction: 'in',
    originalOrderId: `B${id}`,
    bookingNumber: null,
    order: null,
    originalBooking: null,
    afterSalesOrder: null,
    referenceId: `T${id}`,
    paymentMethod: 'balance',
    totalAmountPaid: { amount: '1290.00', currency: 'CNY' },
    amount: { amount: '1280.00', currency: 'CNY' },
    handlingFee: { amount: '10.00', currency: 'CNY' },
    balanceAfter: { amount: '5280.00', currency: 'CNY' },
    paymentTime: '2026-11-20T08:30:00.000Z',
    createdOn: '2026-11-20T08:29:00.000Z',
    ...over,
  };
}

function list(rows: TransactionRow[], total = rows.length): TransactionList {
  return { list: rows, total, page: 1, pageSize: 20 };
}

function serve(result: TransactionList | (() => Response)) {
  const urls: URL[] = [];
  server.use(
    http.get('/base/v2/wallet/transactions', ({ request }) => {
      urls.push(new URL(request.url));
      return typeof result === 'function' ? result() : HttpResponse.json(envelope(result));
    }),
  );
  return urls;
}

async function open() {
  await prepare(SESSIONS.finance);
  renderApp('/bills/transactions');
  return screen.findByTestId('transactions-table', {}, WAIT);
}

describe('all transactions page', () => {
  it(
    'shows the spec columns with the currency in the amount heading',
    async () => {
      serve(list([row(1), row(2, { paymentMethod: 'stripe', originalOrderId: null })]));
      const table = await open();
      await within(table).findByText('T1', {}, WAIT);
      expect(screen.getByTestId('page-title')).toHaveTextContent('All Transactions');
      const headings = within(table)
        .getAllByRole('columnheader')
        .map((el) => el.textContent);
      expect(headings).toEqual([
        'Transaction type',
        'Original booking',
        'After-sales order',
        'Reference ID',
        'Payment method',
        'Total amount paid',
        'Amount (CNY)',
        'Handling fee',
        'Balance after',
        'Payment time',
        'Created on',
      ]);
      const first = within(table).getByText('T1').closest('tr');
      expect(first).toHaveTextContent('B1');
      expect(first).toHaveTextContent('Balance');
      expect(first).toHaveTextContent('CNY 1,290.00');
      expect(first).toHaveTextContent('1,280.00');
      expect(first).toHaveTextContent('CNY 10.00');
      expect(within(table).getByText('Stripe')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows each row kind, its signed amount in colour, both booking numbers and the balance after it',
    async () => {
      const original = { kind: 'flight' as const, id: 'o-1', bookingNumber: 'F20261120000001' };
      const money = (amount: string) => ({ amount, currency: 'CNY' as const });
      serve(
        list([
          row(3, {
            kind: 'refund',
            direction: 'in',
            originalOrderId: 'r-1',
            originalBooking: original,
            afterSalesOrder: { kind: 'flight', id: 'r-1', bookingNumber: 'F20261125000009' },
            amount: money('640.00'),
            totalAmountPaid: money('640.00'),
            handlingFee: money('0.00'),
            balanceAfter: money('9360.00'),
          }),
          row(2, {
            kind: 'payment',
            direction: 'out',
            originalOrderId: 'o-1',
            originalBooking: original,
            amount: money('-1280.00'),
            totalAmountPaid: money('1280.00'),
            handlingFee: money('0.00'),
            balanceAfter: money('8720.00'),
          }),
        ]),
      );
      const table = await open();
      const refund = (await within(table).findByText('T3', {}, WAIT)).closest('tr');
      const payment = within(table).getByText('T2').closest('tr');
      if (!refund || !payment) throw new Error('rows missing');
      const cells = (tr: Element) => [...tr.children].map((td) => td.textContent);
      expect(cells(refund).slice(0, 3)).toEqual(['Refund', 'F20261120000001', 'F20261125000009']);
      expect(cells(payment).slice(0, 3)).toEqual(['Payment', 'F20261120000001', '-']);
      const refundAmount = within(refund).getByTestId('signed-amount');
      const paymentAmount = within(payment).getByTestId('signed-amount');
      expect(refundAmount).toHaveTextContent(/^\+640\.00$/);
      expect(paymentAmount).toHaveTextContent(/^\u22121,280\.00$/);
      expect(refundAmount).toHaveClass('ant-typography-success');
      expect(paymentAmount).toHaveClass('ant-typography-danger');
      expect(paymentAmount).toHaveAttribute('title', 'Money out');
      expect(within(refund).getByTestId('balance-after')).toHaveTextContent('9,360.00');
      expect(within(payment).getByTestId('balance-after')).toHaveTextContent('8,720.00');
    },
    SLOW,
  );

  it(
    'sends the payment method and order ID filters and asks for page 2',
    async () => {
      const urls = serve(
        list(
          Array.from({ length: 20 }, (_, i) => row(i + 1)),
          30,
        ),
      );
      const table = await open();
      await within(table).findByText('T1', {}, WAIT);
      await userEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
      await userEvent.click(screen.getByRole('combobox', { name: 'Payment method' }));
      await userEvent.click(await screen.findByTitle('Airwallex'));
      await userEvent.type(screen.getByPlaceholderText('Booking number'), 'B7{Enter}');
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('orderId')).toBe('B7'));
      expect(urls.at(-1)?.searchParams.get('paymentMethod')).toBe('airwallex');
      expect(urls.at(-1)?.searchParams.get('page')).toBe('1');
    },
    SLOW,
  );

  it('exports the applied order ID filter, without the page', async () => {
    const urls = serve(list([row(1)]));
    const exported = serveExport('/base/v2/wallet/transactions/export');
    const table = await open();
    await within(table).findByText('T1', {}, WAIT);
    fireEvent.change(screen.getByPlaceholderText('Booking number'), { target: { value: 'B7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('orderId')).toBe('B7'));
    const button = screen.getByTestId('export-button');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(exported.saved).toEqual(['export-2026.xlsx']));
    expect(exported.bodies).toEqual([{ orderId: 'B7' }]);
  });

  it('shows the empty state with the export disabled', async () => {
    serve(list([]));
    const table = await open();
    expect(await within(table).findByText('No transactions', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByTestId('export-button')).toBeDisabled();
  });

  it('shows an API error without crashing', async () => {
    serve(() => HttpResponse.json(envelope(null, 500001, 'Ledger unavailable')));
    await prepare(SESSIONS.finance);
    renderApp('/bills/transactions');
    const alert = await screen.findByTestId('list-error', {}, WAIT);
    expect(alert).toHaveTextContent('The transactions could not be loaded');
    expect(alert).toHaveTextContent('Ledger unavailable');
  });
});
