import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { monthIn } from '@portal/domain/time-zone-names';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WalletStatement } from '@portal/domain/wallet';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { serveExport } from '../../../test/export-spy';

const WAIT = { timeout: 30_000 };
/** Filter tests drive antd pickers and selects, which are slow in jsdom under a parallel run. */
const SLOW = 40000;

const money = (amount: string, currency: WalletStatement['currency'] = 'CNY') => ({ amount, currency });

function statement(period: string, over: Partial<WalletStatement> = {}): WalletStatement {
  return {
    period,
    timeZone: 'Asia/Shanghai',
    currency: 'CNY',
    opening: money('1000.00'),
    topUps: money('50000.00'),
    orderPayments: money('1280.50'),
    refunds: money('200.00'),
    adjustments: money('-10.00'),
    closing: money('49909.50'),
    ...over,
  };
}

const STATEMENTS: WalletStatement[] = [
  statement('2026-10'),
  statement('2026-11', {
    currency: 'JPY',
    opening: money('0', 'JPY'),
    topUps: money('120000', 'JPY'),
    orderPayments: money('0', 'JPY'),
    refunds: money('0', 'JPY'),
    adjustments: money('0', 'JPY'),
    closing: money('120000', 'JPY'),
  }),
];

/** Serves the statements; records every URL asked for. */
function serve(result: WalletStatement[] | (() => Response) = STATEMENTS) {
  const urls: URL[] = [];
  server.use(
    http.get('/base/v2/wallet/statements', ({ request }) => {
      urls.push(new URL(request.url));
      return typeof result === 'function' ? result() : HttpResponse.json(envelope(result));
    }),
  );
  return urls;
}

async function open() {
  await prepare(SESSIONS.finance);
  renderApp('/bills/statements');
  return screen.findByTestId('statements-table', {}, WAIT);
}

/** Types a month into one input of the month range picker and confirms it. */
function typeMonth(placeholder: string, value: string) {
  const input = screen.getByPlaceholderText(placeholder);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('statements page', () => {
  it('asks for the last twelve months and shows a row per month and currency', async () => {
    const urls = serve();
    const table = await open();
    await within(table).findByText('2026-10', {}, WAIT);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Statements');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((el) => el.textContent);
    expect(headings).toEqual([
      'Month (Asia/Shanghai)',
      'Currency',
      'Opening balance',
      'Top-ups',
      'Order payments',
      'Refunds and reimbursements',
      'Other adjustments',
      'Closing balance',
    ]);
    const cny = within(table).getByText('2026-10').closest('tr');
    expect(cny).toHaveTextContent('CNY 1,000.00');
    expect(cny).toHaveTextContent('CNY 50,000.00');
    expect(cny).toHaveTextContent('CNY 1,280.50');
    expect(cny).toHaveTextContent('CNY -10.00');
    expect(cny).toHaveTextContent('CNY 49,909.50');
    expect(within(table).getByText('2026-11').closest('tr')).toHaveTextContent('JPY 120,000');
    expect(screen.getByTestId('statements-note')).toHaveTextContent(
      'Months run from midnight to midnight in Asia/Shanghai; months with no movement are not listed.',
    );
    const first = urls[0]?.searchParams;
    expect(first?.get('period')).toBe('month');
    // The agency's months (the session's company is in Asia/Shanghai), whatever the browser's zone.
    const agencyMonth = monthIn('Asia/Shanghai');
    expect(first?.get('to')).toBe(agencyMonth);
    expect(first?.get('from')).toBe(dayjs(`${agencyMonth}-01`).subtract(11, 'month').format('YYYY-MM'));
    expect(first?.has('currency')).toBe(false);
    expect(screen.getByTestId('export-button')).toBeEnabled();
  });

  it(
    'sends the chosen months and currency, then exports exactly those filters',
    async () => {
      const urls = serve();
      const exported = serveExport('/base/v2/wallet/statements/export');
      const table = await open();
      await within(table).findByText('2026-10', {}, WAIT);
      typeMonth('Start month', '2026-01');
      typeMonth('End month', '2026-06');
      const filters = screen.getByTestId('statement-filters');
      await userEvent.click(within(filters).getByRole('combobox', { name: 'Currency' }));
      await userEvent.click(await screen.findByTitle('USD'));
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('currency')).toBe('USD'));
      expect(urls.at(-1)?.searchParams.get('from')).toBe('2026-01');
      expect(urls.at(-1)?.searchParams.get('to')).toBe('2026-06');
      const button = screen.getByTestId('export-button');
      await waitFor(() => expect(button).toBeEnabled());
      fireEvent.click(button);
      await waitFor(() => expect(exported.saved).toEqual(['export-2026.xlsx']));
      expect(exported.bodies).toEqual([{ period: 'month', from: '2026-01', to: '2026-06', currency: 'USD' }]);
    },
    SLOW,
  );

  it('refuses a range longer than 36 months without asking the API', async () => {
    const urls = serve();
    const table = await open();
    await within(table).findByText('2026-10', {}, WAIT);
    typeMonth('Start month', '2020-01');
    typeMonth('End month', '2026-06');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Choose at most 36 months', {}, WAIT)).toBeInTheDocument();
    expect(urls).toHaveLength(1);
  });

  it('shows the empty state with the export disabled', async () => {
    serve([]);
    const table = await open();
    expect(await within(table).findByText('No movement in these months', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByTestId('export-button')).toBeDisabled();
  });

  it('toasts the server message when the export fails', async () => {
    serve();
    const exported = serveExport('/base/v2/wallet/statements/export', {
      code: 500001,
      message: 'Workbook unavailable',
    });
    const table = await open();
    await within(table).findByText('2026-10', {}, WAIT);
    fireEvent.click(screen.getByTestId('export-button'));
    expect(await screen.findByText('Workbook unavailable', {}, WAIT)).toBeInTheDocument();
    expect(exported.saved).toEqual([]);
  });

  it('shows an API error without crashing', async () => {
    serve(() => HttpResponse.json(envelope(null, 500001, 'Ledger unavailable')));
    await prepare(SESSIONS.finance);
    renderApp('/bills/statements');
    const alert = await screen.findByTestId('list-error', {}, WAIT);
    expect(alert).toHaveTextContent('The statements could not be loaded');
    expect(alert).toHaveTextContent('Ledger unavailable');
    expect(screen.getByTestId('export-button')).toBeDisabled();
  });
});
