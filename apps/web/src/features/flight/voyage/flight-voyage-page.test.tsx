import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VoyageList, VoyageRow } from '@portal/domain/booking-records';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

// Generous: the first test of a worker loads the lazy page's modules within its wait.
const WAIT = { timeout: 30000 };
const SLOW = 40000;
const URL_PATH = '/order/v2/flight/voyages';

function row(n: number, extra: Partial<VoyageRow> = {}): VoyageRow {
  return {
    orderId: `00000000-0000-4000-8000-00000000000${n}`,
    bookingNumber: `F2026112300000${n}`,
    orderType: 'origin',
    pnr: `PNR00${n}`,
    bookingTime: '2026-11-20T08:00:00.000Z',
    passengerId: `p${n}`,
    passengerName: n === 1 ? 'ZHANG/WEI' : 'LI/NA',
    passengerType: 'adult',
    ticketNumber: `999-000000000${n}`,
    segmentIndex: 0,
    flightNumber: 'CA1501',
    marketingCarrier: 'CA',
    departure: { airport: 'PEK', time: '2026-12-30T08:00', timeZone: 'Asia/Shanghai' },
    arrival: { airport: 'SHA', time: '2026-12-30T10:15', timeZone: 'Asia/Shanghai' },
    cabin: 'economy',
    ticketStatus: 'issued',
    afterSales: null,
    ...extra,
  };
}

function page(rows: VoyageRow[], total = rows.length): VoyageList {
  return { list: rows, total, page: 1, pageSize: 20, totalCapped: false };
}

function serve(answer: VoyageList | ((url: URL) => Response)) {
  const urls: URL[] = [];
  server.use(
    // The menu's pending counts.
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get(URL_PATH, ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      return typeof answer === 'function' ? answer(url) : HttpResponse.json(envelope(answer));
    }),
  );
  return urls;
}

async function open(path = '/flight/orders/voyage') {
  await prepare(SESSIONS.operator);
  return renderApp(path);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('booking records page', () => {
  it(
    'shows one row per passenger and segment with the ticket status and links to the orders',
    async () => {
      serve(
        page([
          row(1),
          row(2, {
            ticketStatus: 'refunded',
            afterSales: {
              orderId: 'r1',
              bookingNumber: 'F20261123999999',
              type: 'refund',
              status: 'refunded_reimbursed',
            },
          }),
        ]),
      );
      await open();
      const table = await screen.findByTestId('voyage-table', {}, WAIT);
      await within(table).findByText('ZHANG/WEI', {}, WAIT);
      expect(screen.getByTestId('page-title')).toHaveTextContent('Booking records');
      expect(within(table).getByText('999-0000000001')).toBeInTheDocument();
      expect(within(table).getAllByText('PEK – SHA')).toHaveLength(2);
      expect(within(table).getAllByText('2026-12-30 08:00')).toHaveLength(2);
      expect(within(table).getByText('Issued')).toBeInTheDocument();
      expect(within(table).getByText('Refunded')).toBeInTheDocument();
      expect(within(table).getByRole('link', { name: 'Refund F20261123999999' })).toHaveAttribute(
        'href',
        '/flight/orders/r1',
      );
      expect(within(table).getByRole('link', { name: 'F20261123000001' })).toHaveAttribute(
        'href',
        `/flight/orders/${row(1).orderId}`,
      );
      expect(screen.getByText('2 records')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'asks for page 2 after the last row of page 1 (its cursor) without the count, and page 4 typed in the URL by number',
    async () => {
      const cursor = `1764460800000000_${row(1).orderId}_1_0`;
      const urls = serve({ ...page([row(1)], 45), next: cursor });
      const { router } = await open();
      await screen.findByText('ZHANG/WEI', {}, WAIT);
      expect(urls.at(-1)?.searchParams.get('after')).toBeNull();
      await userEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
      expect(urls.at(-1)?.searchParams.get('after')).toBe(cursor);
      // The total is known from page 1: page 2 is read without the count, and the total stays.
      expect(urls[0]?.searchParams.get('count')).toBeNull();
      expect(urls.at(-1)?.searchParams.get('count')).toBe('false');
      expect(screen.getByText('45 records')).toBeInTheDocument();
      await router.navigate('/flight/orders/voyage?page=4');
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('4'));
      expect(urls.at(-1)?.searchParams.get('after')).toBeNull();
    },
    SLOW,
  );

  it(
    'sends the filters typed with the keyboard and pages from the URL',
    async () => {
      const urls = serve(page([row(1)], 45));
      const { router } = await open('/flight/orders/voyage?page=2');
      await screen.findByText('ZHANG/WEI', {}, WAIT);
      expect(urls[0]?.searchParams.get('page')).toBe('2');
      await userEvent.type(screen.getByRole('textbox', { name: 'Passenger' }), 'li na');
      await userEvent.type(screen.getByRole('textbox', { name: 'Flight' }), 'ca1501{Enter}');
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('flightNumber')).toBe('ca1501'));
      const last = urls.at(-1);
      expect(last?.searchParams.get('passenger')).toBe('li na');
      expect(last?.searchParams.get('page')).toBe('1');
      expect(router.state.location.search).toContain('passenger=li+na');
      await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('passenger')).toBeNull());
    },
    SLOW,
  );

  it(
    'shows the empty state, and an error with a retry that loads again',
    async () => {
      let fail = true;
      const urls = serve(() =>
        fail
          ? HttpResponse.json(envelope(null, 100001, 'Illegal input'), { status: 400 })
          : HttpResponse.json(envelope(page([]))),
      );
      await open();
      const alert = await screen.findByTestId('voyage-error', {}, WAIT);
      expect(alert).toHaveTextContent('The booking records could not be loaded');
      fail = false;
      await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('No booking records match', {}, WAIT)).toBeInTheDocument();
      expect(urls.length).toBeGreaterThanOrEqual(2);
    },
    SLOW,
  );

  it(
    'downloads the Excel of the current filters',
    async () => {
      serve(page([row(1)]));
      const exports: Record<string, unknown>[] = [];
      server.use(
        http.post(`${URL_PATH}/export`, async ({ request }) => {
          exports.push((await request.json()) as Record<string, unknown>);
          return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': `attachment; filename="booking-records-2026-11-23.xlsx"`,
            },
          });
        }),
      );
      const names: string[] = [];
      Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
      await open('/flight/orders/voyage?status=refunded&pnr=ABC123');
      await screen.findByText('ZHANG/WEI', {}, WAIT);
      await userEvent.click(screen.getByTestId('voyage-export'));
      await waitFor(() => expect(names).toEqual(['booking-records-2026-11-23.xlsx']));
      expect(exports).toEqual([{ status: 'refunded', pnr: 'ABC123' }]);
    },
    SLOW,
  );
});
