import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@portal/domain/auth';
import type { TransactionRow } from '@portal/domain/wallet';
import { SESSIONS } from '../../test/fixtures';
import { prepare, renderElement } from '../../test/render-app';
import { TransactionsTable } from './transactions-table';

function row(id: number, over: Partial<TransactionRow> = {}): TransactionRow {
  return {
    id: String(id),
    kind: 'payment',
    direction: 'out',
    originalOrderId: null,
    bookingNumber: null,
    order: null,
    originalBooking: null,
    afterSalesOrder: null,
    referenceId: `T${id}`,
    paymentMethod: 'balance',
    totalAmountPaid: { amount: '1280.00', currency: 'CNY' },
    amount: { amount: '-1280.00', currency: 'CNY' },
    handlingFee: { amount: '0.00', currency: 'CNY' },
    balanceAfter: { amount: '8720.00', currency: 'CNY' },
    paymentTime: '2026-11-20T08:30:00.000Z',
    createdOn: '2026-11-20T08:30:00.000Z',
    ...over,
  };
}

const ROWS = [
  row(1, {
    originalOrderId: '915f3a3d-5c53-4b0e-9d1f-0a4f4a0c2b11',
    bookingNumber: 'F20261124642344',
    order: {
      kind: 'flight',
      id: '915f3a3d-5c53-4b0e-9d1f-0a4f4a0c2b11',
      flightType: 'origin',
      instalment: null,
    },
    originalBooking: {
      kind: 'flight',
      id: '915f3a3d-5c53-4b0e-9d1f-0a4f4a0c2b11',
      bookingNumber: 'F20261124642344',
    },
  }),
  row(2),
];

async function renderTable(
  session: LoginResult,
  counted: { total: number; totalCapped?: boolean } = { total: ROWS.length },
  page = 1,
  pageSize = 20,
) {
  await prepare(session);
  const element = (
    <TransactionsTable
      data={{ list: ROWS, ...counted, page, pageSize }}
      page={page}
      pageSize={pageSize}
      loading={false}
      onPage={() => undefined}
    />
  );
  renderElement(element);
  return screen.findByTestId('transactions-table');
}

describe('transactions table', () => {
  it('shows the booking number of the order, linked to its page, never the internal id', async () => {
    const table = await renderTable(SESSIONS.admin);
    expect(within(table).getByRole('link', { name: 'F20261124642344' })).toHaveAttribute(
      'href',
      '/flight/orders/915f3a3d-5c53-4b0e-9d1f-0a4f4a0c2b11',
    );
    expect(table).not.toHaveTextContent('915f3a3d');
    // The original booking is the second column (after the kind): '-' without an order.
    expect(within(table).getByText('T2').closest('tr')?.children[1]).toHaveTextContent('-');
  });

  it('shows the booking number as text to a user who may not open the order page', async () => {
    const table = await renderTable(SESSIONS.finance);
    expect(within(table).getByText('F20261124642344')).toBeInTheDocument();
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it('says on the last page of a capped count, at any page size, where the pages end', async () => {
    await renderTable(SESSIONS.finance, { total: 1_000, totalCapped: true }, 10, 100);
    expect(await screen.findByTestId('paged-to-cap')).toHaveTextContent('first 1,000 lines');
  });
});
