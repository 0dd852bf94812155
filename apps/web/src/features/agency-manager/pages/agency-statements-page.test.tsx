import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SubAgencyList } from '@portal/domain/agencies';
import { monthIn } from '@portal/domain/time-zone-names';
import type { SubAgencyStatement, SubStatementDetail, SubStatementList } from '@portal/domain/sub-agencies';
import { serveExport } from '../../../test/export-spy';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

/** The first render loads the page's code: slow on a busy machine. */
const WAIT = { timeout: 30000 };
/** The agency's current month: the session's company is in Asia/Shanghai, whatever the browser's zone. */
const MONTH = monthIn('Asia/Shanghai');
const cny = (amount: string) => ({ amount, currency: 'CNY' as const });

function statement(over: Partial<SubAgencyStatement> = {}): SubAgencyStatement {
  return {
    agencyId: 12,
    agencyName: 'Blue Sky Travel',
    from: `${MONTH}-01`,
    to: `${MONTH}-28`,
    currency: 'CNY',
    opening: cny('1000.00'),
    topUps: cny('50000.00'),
    spending: {
      'origin-flight': cny('-1280.50'),
      'origin-train': cny('0.00'),
      'refund-flight': cny('200.00'),
      'change-flight': cny('-30.00'),
      'void-flight': cny('0.00'),
    },
    closing: cny('49889.50'),
    creditLimit: cny('10000.00'),
    ...over,
  };
}

/** Serves the statements (recording each URL), one month's detail and the agency list of the select. */
function serve(
  result: SubStatementList | (() => Response) = { list: [statement()], total: 1, page: 1, pageSize: 20 },
) {
  const urls: URL[] = [];
  const agencies: SubAgencyList = { list: [], total: 0, page: 1, pageSize: 100 };
  server.use(
    http.get('/base/v2/sub/statements', ({ request }) => {
      urls.push(new URL(request.url));
      return typeof result === 'function' ? result() : HttpResponse.json(envelope(result));
    }),
    http.get('/base/v2/agencies', () => HttpResponse.json(envelope(agencies))),
  );
  return urls;
}

describe('agency statements page', () => {
  it('preselects the agency of ?agencyId=, shows its month and exports exactly those filters', async () => {
    const urls = serve();
    const exported = serveExport('/base/v2/sub/statements');
    await prepare(SESSIONS.finance);
    renderApp('/agency-manager/statements?agencyId=12');
    const table = await screen.findByTestId('sub-statements-table', {}, WAIT);
    const row = (await within(table).findByText('Blue Sky Travel', {}, WAIT)).closest('tr');
    expect(urls[0]?.searchParams.get('agencyId')).toBe('12');
    expect(urls[0]?.searchParams.get('period')).toBe(MONTH);
    expect(urls[0]?.searchParams.has('from')).toBe(false);
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((el) => el.textContent);
    expect(headings).toEqual([
      'Sub-agency',
      'Period',
      'Currency',
      'Opening balance',
      'Top-ups',
      'Flight bookings',
      'Train bookings',
      'Flight refunds',
      'Flight changes',
      'Flight voids',
      'Closing balance',
      'Credit limit',
      'Actions',
    ]);
    expect(row).toHaveTextContent('CNY 1,000.00');
    expect(row).toHaveTextContent('CNY -1,280.50');
    expect(row).toHaveTextContent('CNY 49,889.50');
    expect(row).toHaveTextContent('CNY 10,000.00');
    // The select names the agency of the URL, not its bare id.
    expect(
      within(screen.getByTestId('sub-statement-filters')).getByText('Blue Sky Travel'),
    ).toBeInTheDocument();
    const button = screen.getByTestId('export-button');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(exported.saved).toEqual(['export-2026.xlsx']));
    expect(exported.bodies).toEqual([{ agencyId: 12, period: MONTH }]);
  });

  it("opens a row's month day by day", async () => {
    serve();
    const detail: SubStatementDetail = {
      agencyId: 12,
      agencyName: 'Blue Sky Travel',
      period: MONTH,
      statements: [statement()],
      days: [
        statement({ from: `${MONTH}-01`, to: `${MONTH}-01`, topUps: cny('50000.00') }),
        statement({ from: `${MONTH}-02`, to: `${MONTH}-02`, topUps: cny('0.00'), opening: cny('51000.00') }),
      ],
    };
    const asked: string[] = [];
    server.use(
      http.get('/base/v2/sub/statements/:a/:b', ({ params }) => {
        asked.push(`${String(params.a)}/${String(params.b)}`);
        return HttpResponse.json(envelope(detail));
      }),
    );
    await prepare(SESSIONS.finance);
    renderApp('/agency-manager/statements');
    const table = await screen.findByTestId('sub-statements-table', {}, WAIT);
    await within(table).findByText('Blue Sky Travel', {}, WAIT);
    fireEvent.click(within(table).getByRole('button', { name: `Month by day: Blue Sky Travel, ${MONTH}` }));
    const days = await screen.findByTestId('detail-days', {}, WAIT);
    expect(asked).toEqual([`12/${MONTH}`]);
    expect(await within(days).findByText(`${MONTH}-02`, {}, WAIT)).toBeInTheDocument();
    expect(within(days).getByText(`${MONTH}-02`).closest('tr')).toHaveTextContent('CNY 51,000.00');
  });

  it('shows the error with the export disabled', async () => {
    serve(() => HttpResponse.json(envelope(null, 100004, 'Not found')));
    await prepare(SESSIONS.finance);
    renderApp('/agency-manager/statements?agencyId=99');
    const alert = await screen.findByTestId('list-error', {}, WAIT);
    expect(alert).toHaveTextContent('The statements could not be loaded');
    expect(screen.getByTestId('export-button')).toBeDisabled();
    expect(screen.queryByText('Agency statements are not available yet. They are being built.')).toBeNull();
  });
});
