import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlightOrderList, FlightOrderListItem, StatusCount } from '@portal/domain/flight-order';
import { statusesForCountKey } from '@portal/domain/flight-order-tabs';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { listItem } from '../../../test/flight-order-fixtures';

// Generous: the first test of a worker loads the lazy page's modules within its wait.
const WAIT = { timeout: 30000 };
const SLOW = 40000;
const SLOWER = 60000;

function page(rows: FlightOrderListItem[], total = rows.length): FlightOrderList {
  return { list: rows, total, page: 1, pageSize: 20 };
}

/** Serves the list and the counts; each count call gets the asked-for keys it has a count for. */
function serve(result: FlightOrderList | ((url: URL) => Response), counts: StatusCount[] = []) {
  const urls: URL[] = [];
  const countUrls: URL[] = [];
  server.use(
    http.get('/order/v2/flight/orders/status', ({ request }) => {
      const url = new URL(request.url);
      countUrls.push(url);
      const keys = url.searchParams.get('status')?.split(',') ?? [];
      return HttpResponse.json(envelope(counts.filter((entry) => keys.includes(entry.status))));
    }),
    http.get('/order/v2/flight/orders', ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      return typeof result === 'function' ? result(url) : HttpResponse.json(envelope(result));
    }),
  );
  return { urls, countUrls };
}

async function open(path = '/flight/orders') {
  await prepare(SESSIONS.operator);
  const view = renderApp(path);
  const table = await screen.findByTestId('orders-table', {}, WAIT);
  return { table, ...view };
}

describe('flight orders page', () => {
  it(
    'shows a capped total as a lower bound',
    async () => {
      serve({ ...page([listItem(1)], 10_000), totalCapped: true });
      const { table } = await open();
      await within(table).findByText('B1001', {}, WAIT);
      expect(await screen.findByText('10,000+ orders', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the tab counts and switches the status of the list',
    async () => {
      const { urls, countUrls } = serve(page([listItem(1)]), [
        { status: 'to_be_paid', cnt: 3 },
        { status: 'reviewing', cnt: 0 },
        { status: 'proceeding', cnt: 7 },
      ]);
      const { table, router } = await open();
      await within(table).findByText('B1001', {}, WAIT);
      expect(screen.getByTestId('page-title')).toHaveTextContent('Flight orders');
      expect(await screen.findByTestId('orders-tab-count-to_be_paid', {}, WAIT)).toHaveTextContent('3');
      expect(screen.getByTestId('orders-tab-count-proceeding')).toHaveTextContent('7');
      expect(countUrls.map((url) => url.searchParams.get('status'))).toContain(
        'to_be_paid,chg_to_be_paid,reviewing,proceeding,rfd_to_be_confirm,refunded_reimbursing',
      );
      expect(urls[0]?.searchParams.get('status')).toBeNull();
      await userEvent.click(screen.getByTestId('orders-tab-reviewing'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBe('reviewing'));
      expect(router.state.location.search).toContain('status=reviewing');
    },
    SLOW,
  );

  it(
    'shows the pending group of the URL with the type, and goes back to all orders from its tag',
    async () => {
      const { urls } = serve(page([listItem(1)]));
      const { router } = await open('/flight/orders?group=refunding&type=refund');
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBe('pending.refunding'));
      expect(urls.at(-1)?.searchParams.get('type')).toBe('refund');
      expect(screen.getByTestId('orders-group')).toHaveTextContent('Pending: Refunding');
      expect(screen.queryByRole('tab', { selected: true })).not.toBeInTheDocument();

      await userEvent.click(screen.getByTitle('Change'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('type')).toBe('change'));
      expect(urls.at(-1)?.searchParams.get('status')).toBe('pending.refunding');
      expect(router.state.location.search).toContain('group=refunding');

      await userEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
      await waitFor(() => expect(router.state.location.search).not.toContain('group='));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBeNull());
      expect(screen.queryByTestId('orders-group')).not.toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    },
    SLOW,
  );

  it(
    'shows the pending groups with their counts in the side menu and opens one as a filtered list',
    async () => {
      const rows = [
        listItem(1, { status: 'to_be_paid' }),
        listItem(2, { status: 'rfd_to_be_confirm', type: 'refund' }),
        listItem(3, { status: 'issued' }),
      ];
      // Filters as the API does: a status key stands for the statuses of its group.
      const { urls, countUrls } = serve(
        (url) => {
          const key = url.searchParams.get('status');
          const statuses = key ? (statusesForCountKey(key) ?? []) : undefined;
          return HttpResponse.json(
            envelope(page(rows.filter((row) => !statuses || statuses.includes(row.status)))),
          );
        },
        [
          { status: 'pending.to_be_paid', cnt: 1 },
          { status: 'pending.reviewing', cnt: 0 },
          { status: 'pending.proceeding', cnt: 120 },
          { status: 'pending.pending-confirm', cnt: 1 },
          { status: 'pending.refunding', cnt: 0 },
        ],
      );
      const { table, router } = await open();
      await within(table).findByText('B1003', {}, WAIT);
      const menu = within(screen.getByRole('navigation', { name: 'Section menu' }));
      expect(menu.getByText('Pending flight orders')).toBeInTheDocument();
      expect(await menu.findByTestId('menu-count-pending-to_be_paid', {}, WAIT)).toHaveTextContent('1');
      expect(menu.getByTestId('menu-count-pending-proceeding')).toHaveTextContent('99+');
      expect(menu.getByTestId('menu-count-pending-reviewing')).toHaveTextContent('0');
      expect(countUrls.map((url) => url.searchParams.get('status'))).toContain(
        'pending.to_be_paid,pending.reviewing,pending.proceeding,pending.pending-confirm,pending.refunding',
      );

      const entry = menu.getByRole('link', { name: /Pending confirmation/ });
      expect(entry).toHaveAttribute('href', '/flight/orders?group=pending-confirm');
      await userEvent.click(entry);
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBe('pending.pending-confirm'));
      expect(router.state.location.search).toBe('?group=pending-confirm');
      await waitFor(() => expect(within(table).queryByText('B1003')).not.toBeInTheDocument());
      expect(within(table).getByText('B1002')).toBeInTheDocument();
      expect(within(table).queryByText('B1001')).not.toBeInTheDocument();
      expect(entry.closest('li')).toHaveClass('ant-menu-item-selected');
      expect(menu.getByRole('link', { name: 'Flight orders' }).closest('li')).not.toHaveClass(
        'ant-menu-item-selected',
      );
    },
    SLOW,
  );

  it(
    "pages on after the page before's last order, and opens a page jumped to by its number",
    async () => {
      const rows = Array.from({ length: 20 }, (_, i) => listItem(i + 1));
      const { urls } = serve((url) =>
        HttpResponse.json(
          envelope({
            ...page(rows, 100),
            page: Number(url.searchParams.get('page') ?? 1),
            next: 'cursor-of-page',
          }),
        ),
      );
      const { table } = await open();
      await within(table).findByText('B1001', {}, WAIT);
      expect(urls.at(-1)?.searchParams.get('after')).toBeNull();
      await userEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
      expect(urls.at(-1)?.searchParams.get('after')).toBe('cursor-of-page');
      // Page 5 follows no page read before: by its number.
      await userEvent.click(screen.getByTitle('5'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('5'));
      expect(urls.at(-1)?.searchParams.get('after')).toBeNull();
    },
    SLOW,
  );

  it(
    'asks for the next page and the type filter',
    async () => {
      const { urls } = serve(
        page(
          Array.from({ length: 20 }, (_, i) => listItem(i + 1)),
          45,
        ),
      );
      const { table } = await open();
      await within(table).findByText('B1001', {}, WAIT);
      await userEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
      expect(urls.at(-1)?.searchParams.get('sort')).toBe('-bookingTime');
      await userEvent.click(screen.getByText('Refund'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('type')).toBe('refund'));
      expect(urls.at(-1)?.searchParams.get('page')).toBe('1');
    },
    SLOW,
  );

  it(
    'sends the advanced search on Enter and clears it on Reset',
    async () => {
      const { urls } = serve(page([listItem(1)]));
      const { table } = await open('/flight/orders?type=change');
      await within(table).findByText('B1001', {}, WAIT);
      const field = (id: string) => within(screen.getByTestId('order-search')).getByLabelText(id);
      const fill = async (name: string, text: string) => {
        await userEvent.click(field(name));
        await userEvent.paste(text);
      };
      await fill('PNR', 'ABC123');
      await fill('Passenger', 'ZHANG');
      await fill('Ticket number', '7842345678901');
      await fill('Flight number', 'CA1501');
      await fill('Airline', 'CA');
      await fill('Contact', 'Li');
      await fill('Booking number', 'B7');
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('bookingNumber')).toBe('B7'));
      const last = urls.at(-1)?.searchParams;
      expect(last?.get('pnr')).toBe('ABC123');
      expect(last?.get('passenger')).toBe('ZHANG');
      expect(last?.get('ticketNumber')).toBe('7842345678901');
      expect(last?.get('flightNumber')).toBe('CA1501');
      expect(last?.get('airline')).toBe('CA');
      expect(last?.get('contact')).toBe('Li');
      expect(last?.get('type')).toBe('change');
      expect(last?.get('page')).toBe('1');

      await userEvent.click(within(screen.getByTestId('order-search')).getByText('Reset'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('bookingNumber')).toBeNull());
      expect(urls.at(-1)?.searchParams.get('pnr')).toBeNull();
      expect(field('PNR')).toHaveValue('');
    },
    SLOWER,
  );

  it(
    'shows rows with status tags in their colour classes and a link to the detail',
    async () => {
      serve(
        page([
          listItem(1, { status: 'to_be_paid' }),
          listItem(2, { status: 'issued' }),
          listItem(3, { status: 'failed' }),
          listItem(4, { status: 'canceled' }),
        ]),
      );
      const { table } = await open();
      const first = (await within(table).findByText('B1001', {}, WAIT)).closest('tr') as HTMLElement;
      expect(first).toHaveTextContent('PEK-SHA');
      expect(first).toHaveTextContent('CA1501');
      expect(first).toHaveTextContent('ZHANG/SAN');
      expect(first).toHaveTextContent('PNR1');
      expect(first).toHaveTextContent('CNY 1,290.50');
      expect(first).toHaveTextContent('2026-12-01 08:30');
      expect(within(table).getByRole('link', { name: 'B1001' })).toHaveAttribute('href', '/flight/orders/o1');
      const colour = (n: number) =>
        (
          within(table)
            .getByText(`B${1000 + n}`)
            .closest('tr') as HTMLElement
        )
          .querySelector('[data-status-color]')
          ?.getAttribute('data-status-color');
      expect(colour(1)).toBe('primary');
      expect(colour(2)).toBe('success');
      expect(colour(3)).toBe('error');
      expect(colour(4)).toBe('info');
      expect(within(table).getByText('Issued')).toHaveClass('status-success');
    },
    SLOW,
  );

  it(
    "asks for the total on a filter's first page, not on the pages after it, and shows the one it has",
    async () => {
      const rows = Array.from({ length: 20 }, (_, i) => listItem(i + 1));
      const { urls } = serve((url) => {
        // As the API answers: without the count when told so.
        const { total: _total, ...uncounted } = {
          ...page(rows, 100),
          page: Number(url.searchParams.get('page')),
        };
        return HttpResponse.json(
          envelope(url.searchParams.get('count') === 'false' ? uncounted : { ...uncounted, total: 100 }),
        );
      });
      const { table } = await open();
      await within(table).findByText('B1001', {}, WAIT);
      expect(urls.at(-1)?.searchParams.get('count')).toBeNull();
      expect(await screen.findByText('100 orders', {}, WAIT)).toBeInTheDocument();
      await userEvent.click(screen.getByTitle('3'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('3'));
      expect(urls.at(-1)?.searchParams.get('count')).toBe('false');
      await waitFor(() => expect(screen.getByTitle('3')).toHaveClass('ant-pagination-item-active'));
      expect(screen.getByText('100 orders')).toBeInTheDocument();
      // Another filter is counted again on its first page.
      await userEvent.click(screen.getByTestId('orders-tab-reviewing'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBe('reviewing'));
      expect(urls.at(-1)?.searchParams.get('count')).toBeNull();
    },
    SLOW,
  );

  it(
    'offers the statuses of the chosen order type and links an after-sales row to its original',
    async () => {
      serve(
        page([
          listItem(1, { status: 'chg_to_be_paid', type: 'change', originalBookingId: 'o9' }),
          listItem(2, { status: 'issued' }),
        ]),
      );
      const { table } = await open('/flight/orders?type=change');
      await within(table).findByText('B1001', {}, WAIT);
      expect(within(table).getByTestId('orders-original-o1')).toHaveAttribute('href', '/flight/orders/o9');
      expect(within(table).queryByTestId('orders-original-o2')).not.toBeInTheDocument();
      // A change to be paid shows its payment deadline like a new booking.
      expect(within(table).getByText('Change to be paid').closest('tr')).toHaveTextContent(
        /2026-11-22 \d\d:00/,
      );

      await userEvent.click(
        within(screen.getByTestId('order-search')).getByRole('combobox', { name: 'Status' }),
      );
      expect(await screen.findByTitle('Change rejected', {}, WAIT)).toBeInTheDocument();
      expect(screen.getByTitle('Change to be paid')).toBeInTheDocument();
      expect(screen.queryByTitle('Refund to be confirmed')).not.toBeInTheDocument();
      expect(screen.queryByTitle('Voided')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it('shows the empty state and an error', async () => {
    serve(page([]));
    const { table, unmount } = await open();
    expect(await within(table).findByText('No orders', {}, WAIT)).toBeInTheDocument();
    unmount();
    serve(() => HttpResponse.json(envelope(null, 500000, 'Orders unavailable')));
    renderApp('/flight/orders');
    const alert = await screen.findByTestId('orders-error', {}, WAIT);
    expect(alert).toHaveTextContent('The orders could not be loaded');
    expect(alert).toHaveTextContent('Orders unavailable');
  });
});
