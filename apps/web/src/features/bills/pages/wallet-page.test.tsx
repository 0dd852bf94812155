import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WalletBalance, WalletEntry, WalletEntryList } from '@portal/domain/wallet';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { serveExport } from '../../../test/export-spy';

const WAIT = { timeout: 30_000 };
/** Filter tests drive antd pickers and selects, which are slow in jsdom under a parallel run. */
const SLOW = 40000;

const BALANCES: WalletBalance[] = [
  {
    currency: 'CNY',
    balance: { amount: '50000.00', currency: 'CNY' },
    creditLimit: { amount: '10000.00', currency: 'CNY' },
    available: { amount: '60000.00', currency: 'CNY' },
  },
  {
    currency: 'USD',
    balance: { amount: '-1234.5', currency: 'USD' },
    creditLimit: { amount: '2000.00', currency: 'USD' },
    available: { amount: '765.50', currency: 'USD' },
  },
];

function entry(id: number, over: Partial<WalletEntry> = {}): WalletEntry {
  return {
    id: String(id),
    paymentType: 'origin-flight',
    paymentTime: '2026-11-20T08:30:00.000Z',
    orderId: `B${id}`,
    paymentReference: `R${id}`,
    amountPaid: { amount: '-1280.00', currency: 'CNY' },
    description: `Entry ${id}`,
    kind: 'origin-flight',
    openingBalance: false,
    counterparty: null,
    bookingNumber: null,
    order: null,
    ...over,
  };
}

const ENTRIES: WalletEntry[] = [
  entry(1),
  entry(2, {
    paymentType: 'top-up',
    orderId: null,
    amountPaid: { amount: '50000.00', currency: 'CNY' },
    description: 'Top-up',
  }),
];

/** Serves balances and entries; records every entries URL asked for. */
function serve(entries: WalletEntryList | (() => Response) = page(ENTRIES, 2)) {
  const urls: URL[] = [];
  server.use(
    http.get('/base/v2/wallet/balances', () => HttpResponse.json(envelope(BALANCES))),
    http.get('/base/v2/wallet/entries', ({ request }) => {
      urls.push(new URL(request.url));
      return typeof entries === 'function' ? entries() : HttpResponse.json(envelope(entries));
    }),
  );
  return urls;
}

function page(list: WalletEntry[], total: number, p = 1): WalletEntryList {
  return { list, total, page: p, pageSize: 20 };
}

async function openWallet() {
  await prepare(SESSIONS.finance);
  renderApp('/bills/wallet');
  return screen.findByTestId('entries-table', {}, WAIT);
}

describe('wallet page', () => {
  it('shows a card per currency with formatted amounts and credit in use', async () => {
    serve();
    await openWallet();
    const cny = await screen.findByTestId('balance-CNY', {}, WAIT);
    expect(within(cny).getByTestId('balance-amount')).toHaveTextContent('CNY 50,000.00');
    expect(within(cny).getByTestId('credit-limit')).toHaveTextContent('CNY 10,000.00');
    expect(cny).toHaveTextContent('60,000.00');
    expect(within(cny).queryByTestId('credit-in-use')).not.toBeInTheDocument();
    const usd = screen.getByTestId('balance-USD');
    expect(within(usd).getByTestId('balance-amount')).toHaveTextContent('USD -1,234.50');
    expect(within(usd).getByTestId('credit-in-use')).toHaveTextContent('Credit in use: USD 1,234.50');
    expect(within(usd).getByText('Using credit')).toBeInTheDocument();
  });

  it('lists entries with localized types and signed amounts', async () => {
    const urls = serve();
    const table = await openWallet();
    await within(table).findByText('Entry 1', {}, WAIT);
    const types = within(table)
      .getAllByTestId('payment-type')
      .map((el) => el.textContent);
    expect(types).toEqual(['Flight booking', 'Top-up']);
    const amounts = within(table)
      .getAllByTestId('amount-paid')
      .map((el) => el.textContent);
    expect(amounts).toEqual(['CNY -1,280.00', 'CNY +50,000.00']);
    expect(within(table).getByText('B1')).toBeInTheDocument();
    expect(within(table).getByText('R1')).toBeInTheDocument();
    expect(urls[0]?.searchParams.get('page')).toBe('1');
    expect(urls[0]?.searchParams.get('pageSize')).toBe('20');
  });

  it(
    'sends the filters: order ID applied with Enter, payment type from the select',
    async () => {
      const urls = serve();
      const table = await openWallet();
      await within(table).findByText('Entry 1', {}, WAIT);
      await userEvent.click(screen.getByRole('combobox', { name: 'Payment type' }));
      await userEvent.click(await screen.findByTitle('Flight refund'));
      await userEvent.type(screen.getByPlaceholderText('Booking number'), 'B42{Enter}');
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('orderId')).toBe('B42'));
      const last = urls.at(-1);
      expect(last?.searchParams.get('type')).toBe('refund-flight');
      expect(last?.searchParams.get('page')).toBe('1');
      expect(last?.searchParams.has('dateFrom')).toBe(false);
    },
    SLOW,
  );

  it(
    'sends the date range typed into the range picker',
    async () => {
      const urls = serve();
      const table = await openWallet();
      await within(table).findByText('Entry 1', {}, WAIT);
      const start = screen.getByPlaceholderText('Start date');
      fireEvent.mouseDown(start);
      fireEvent.focus(start);
      fireEvent.change(start, { target: { value: '2026-11-01' } });
      fireEvent.keyDown(start, { key: 'Enter', code: 'Enter' });
      const end = screen.getByPlaceholderText('End date');
      fireEvent.focus(end);
      fireEvent.change(end, { target: { value: '2026-11-20' } });
      fireEvent.keyDown(end, { key: 'Enter', code: 'Enter' });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('dateFrom')).toBe('2026-11-01'));
      expect(urls.at(-1)?.searchParams.get('dateTo')).toBe('2026-11-20');
    },
    SLOW,
  );

  it('exports the applied filters, without the page', async () => {
    const urls = serve();
    const exported = serveExport('/base/v2/wallet/entries/export');
    const table = await openWallet();
    await within(table).findByText('Entry 1', {}, WAIT);
    const orderId = screen.getByPlaceholderText('Booking number');
    fireEvent.change(orderId, { target: { value: 'B42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('orderId')).toBe('B42'));
    const button = screen.getByTestId('export-button');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(exported.saved).toEqual(['export-2026.xlsx']));
    expect(exported.bodies).toEqual([{ orderId: 'B42' }]);
  });

  it('toasts the server message when the export fails', async () => {
    serve();
    serveExport('/base/v2/wallet/entries/export', { code: 500001, message: 'Workbook unavailable' });
    const table = await openWallet();
    await within(table).findByText('Entry 1', {}, WAIT);
    fireEvent.click(screen.getByTestId('export-button'));
    expect(await screen.findByText('Workbook unavailable', {}, WAIT)).toBeInTheDocument();
  });

  it('asks for page 2 after the last entry of page 1 (its cursor)', async () => {
    const many = Array.from({ length: 20 }, (_, i) => entry(i + 1));
    const urls = serve({ ...page(many, 45), next: '1764460800000000_20_CNY' });
    const table = await openWallet();
    await within(table).findByText('Entry 1', {}, WAIT);
    expect(urls.at(-1)?.searchParams.get('after')).toBeNull();
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
    expect(urls.at(-1)?.searchParams.get('after')).toBe('1764460800000000_20_CNY');
  });

  it('shows the empty state', async () => {
    serve(page([], 0));
    const table = await openWallet();
    expect(await within(table).findByText('No wallet entries', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByTestId('export-button')).toBeDisabled();
  });

  it('shows an API error without crashing', async () => {
    serve(() => HttpResponse.json(envelope(null, 500001, 'Ledger unavailable')));
    await prepare(SESSIONS.finance);
    renderApp('/bills/wallet');
    const alert = await screen.findByTestId('list-error', {}, WAIT);
    expect(alert).toHaveTextContent('The wallet entries could not be loaded');
    expect(alert).toHaveTextContent('Ledger unavailable');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Wallet');
    expect(await screen.findByTestId('balance-CNY')).toBeInTheDocument();
  });
});
