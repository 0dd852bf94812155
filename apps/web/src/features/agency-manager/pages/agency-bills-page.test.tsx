import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SubAgencyBalance } from '@portal/domain/sub-agencies';
import type { TransactionList, WalletEntryList } from '@portal/domain/wallet';
import { serveExport } from '../../../test/export-spy';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

/** The first render loads the page's code: slow on a busy machine. */
const WAIT = { timeout: 30000 };

const BALANCE: SubAgencyBalance = {
  agencyId: 12,
  agencyName: 'Blue Sky Travel',
  settlementCurrency: 'CNY',
  wallets: [
    {
      currency: 'CNY',
      balance: { amount: '-500.00', currency: 'CNY' },
      creditLimit: { amount: '2000.00', currency: 'CNY' },
      available: { amount: '1500.00', currency: 'CNY' },
    },
  ],
};

const ENTRIES: WalletEntryList = {
  list: [
    {
      id: '1',
      paymentType: 'top-up',
      paymentTime: '2026-11-20T08:30:00.000Z',
      orderId: null,
      paymentReference: 'REF-9',
      amountPaid: { amount: '3000.00', currency: 'CNY' },
      description: 'Top-up by the parent',
      kind: 'top-up',
      openingBalance: false,
      counterparty: null,
      bookingNumber: null,
      order: null,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
};

const TRANSACTIONS: TransactionList = {
  list: [
    {
      id: 't1',
      kind: 'top-up',
      direction: 'in',
      originalOrderId: 'B77',
      bookingNumber: null,
      order: null,
      originalBooking: null,
      afterSalesOrder: null,
      referenceId: 'T77',
      paymentMethod: 'balance',
      totalAmountPaid: { amount: '880.00', currency: 'CNY' },
      amount: { amount: '870.00', currency: 'CNY' },
      handlingFee: { amount: '10.00', currency: 'CNY' },
      balanceAfter: { amount: '870.00', currency: 'CNY' },
      paymentTime: '2026-11-20T08:30:00.000Z',
      createdOn: '2026-11-20T08:29:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
};

describe('agency bills page', () => {
  it("shows the sub-agency's wallet, its entries, then its transactions tab with their own export", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/base/v2/sub/balance/:id', () => HttpResponse.json(envelope(BALANCE))),
      http.get('/base/v2/sub/bills/:id/entries', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(envelope(ENTRIES));
      }),
      http.get('/base/v2/sub/bills/:id/transactions', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(envelope(TRANSACTIONS));
      }),
    );
    const exported = serveExport('/base/v2/sub/bills/12/transactions/export');
    await prepare(SESSIONS.admin);
    renderApp('/agency-manager/bills/12');
    expect(await screen.findByText('Bills of Blue Sky Travel', {}, WAIT)).toBeInTheDocument();
    const wallet = screen.getByTestId('sub-balance-CNY');
    expect(within(wallet).getByTestId('sub-balance-amount')).toHaveTextContent('CNY -500.00');
    expect(within(wallet).getByTestId('sub-credit-limit')).toHaveTextContent('CNY 2,000.00');
    const entries = await screen.findByTestId('entries-table', {}, WAIT);
    expect(await within(entries).findByText('Top-up by the parent', {}, WAIT)).toBeInTheDocument();
    expect(within(entries).getByTestId('amount-paid')).toHaveTextContent('CNY +3,000.00');

    fireEvent.click(screen.getByRole('tab', { name: 'All Transactions' }));
    const rows = await screen.findByTestId('transactions-table', {}, WAIT);
    expect(await within(rows).findByText('T77', {}, WAIT)).toBeInTheDocument();
    expect(asked).toEqual(['/base/v2/sub/bills/12/entries', '/base/v2/sub/bills/12/transactions']);
    const button = within(screen.getByTestId('sub-transactions')).getByTestId('export-button');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(exported.saved).toEqual(['export-2026.xlsx']));
    expect(exported.bodies).toEqual([{}]);
  });

  it('says an id that names no agency, without asking the API', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/base/v2/sub/*', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(envelope(null, 100004, 'Not found'));
      }),
    );
    await prepare(SESSIONS.admin);
    renderApp('/agency-manager/bills/abc');
    expect(await screen.findByText('This address names no agency.', {}, WAIT)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
