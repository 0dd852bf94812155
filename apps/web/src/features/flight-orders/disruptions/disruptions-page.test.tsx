import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Disruption, DisruptionList } from '@portal/domain/disruptions';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

// Generous: the first test of a worker loads the lazy page's modules within its wait.
const WAIT = { timeout: 30000 };
const SLOW = 40000;

function disruption(n: number, extra: Partial<Disruption> = {}): Disruption {
  return {
    id: `d${n}`,
    orderId: `o${n}`,
    bookingNumber: `F2026120100000${n}`,
    route: 'PEK-SHA',
    passengerNames: ['ZHANG/WEI'],
    type: 'change',
    status: 'open',
    segmentIndex: 0,
    before: {
      flightNumber: 'CA1501',
      origin: 'PEK',
      destination: 'SHA',
      departureLocal: '2026-12-01T08:30',
      arrivalLocal: '2026-12-01T10:45',
      departureUtc: '2026-12-01T00:30:00.000Z',
      arrivalUtc: '2026-12-01T02:45:00.000Z',
    },
    after: {
      flightNumber: 'CA1501',
      origin: 'PEK',
      destination: 'SHA',
      departureLocal: '2026-12-01T10:05',
      arrivalLocal: '2026-12-01T12:20',
      departureUtc: '2026-12-01T02:05:00.000Z',
      arrivalUtc: '2026-12-01T04:20:00.000Z',
    },
    raisedAt: '2026-11-20T03:00:00.000Z',
    acknowledgedAt: null,
    refundOrderId: null,
    allowedActions: ['acknowledge'],
    ...extra,
  };
}

const page = (rows: Disruption[], total = rows.length, n = 1): DisruptionList => ({
  list: rows,
  total,
  page: n,
  pageSize: 20,
});

/** Serves the list (recording each request's URL) and the order menu's counts. */
function serve(result: DisruptionList | ((url: URL) => Response)) {
  const urls: URL[] = [];
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/disruptions', ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      return typeof result === 'function' ? result(url) : HttpResponse.json(envelope(result));
    }),
  );
  return urls;
}

async function open(path = '/flight/orders/disruptions') {
  await prepare(SESSIONS.operator);
  const view = renderApp(path);
  await screen.findByTestId('flight-disruptions-page', {}, WAIT);
  return view;
}

describe('flight disruptions page', () => {
  it(
    'lists each disruption with its type, old and new local times and status',
    async () => {
      serve(
        page([
          disruption(1),
          disruption(2, {
            type: 'cancel_protected',
            after: { ...disruption(0).before, flightNumber: 'MU5101', departureLocal: '2026-12-01T13:00' },
            allowedActions: ['acknowledge', 'accept', 'refund'],
          }),
          disruption(3, {
            type: 'cancel_unprotected',
            after: null,
            status: 'acknowledged',
            allowedActions: [],
          }),
        ]),
      );
      await open();
      const table = await screen.findByTestId('disruptions-table', {}, WAIT);
      const first = (await within(table).findByText('F20261201000001', {}, WAIT)).closest('tr');
      if (!first) throw new Error('no row');
      expect(within(first).getByTestId('disruption-type')).toHaveTextContent('Schedule change');
      expect(within(first).getByTestId('disruption-times')).toHaveTextContent('2026-12-01 08:30');
      expect(within(first).getByTestId('disruption-new-time')).toHaveTextContent('2026-12-01 10:05');
      expect(within(first).getByTestId('disruption-status')).toHaveTextContent('New');
      expect(within(first).getByTestId('disruption-acknowledge')).toBeInTheDocument();
      expect(within(first).queryByTestId('disruption-accept')).toBeNull();

      const second = within(table).getByText('F20261201000002').closest('tr');
      if (!second) throw new Error('no row');
      expect(within(second).getByTestId('disruption-type')).toHaveTextContent(
        'Canceled, protected flight offered',
      );
      expect(within(second).getByTestId('disruption-new-time')).toHaveTextContent('MU5101 2026-12-01 13:00');
      expect(within(second).getByTestId('disruption-accept')).toBeInTheDocument();
      expect(within(second).getByTestId('disruption-refund')).toBeInTheDocument();

      const third = within(table).getByText('F20261201000003').closest('tr');
      if (!third) throw new Error('no row');
      expect(within(third).getByTestId('disruption-new-time')).toHaveTextContent('Canceled');
      expect(within(third).getByTestId('disruption-status')).toHaveTextContent('Acknowledged');
      expect(within(third).queryByRole('button')).toBeNull();
      expect(screen.getByTestId('page-title')).toHaveTextContent('Flight disruptions');
    },
    SLOW,
  );

  it(
    'acknowledges after confirmation and shows the list as it now is',
    async () => {
      let acknowledged = false;
      const posted: string[] = [];
      serve(() =>
        HttpResponse.json(
          envelope(
            page([
              acknowledged ? disruption(1, { status: 'acknowledged', allowedActions: [] }) : disruption(1),
            ]),
          ),
        ),
      );
      server.use(
        http.post('/order/v2/flight/disruptions/:id/acknowledge', ({ params }) => {
          posted.push(String(params.id));
          acknowledged = true;
          return HttpResponse.json(envelope(disruption(1, { status: 'acknowledged', allowedActions: [] })));
        }),
      );
      await open();
      const button = await screen.findByTestId('disruption-acknowledge', {}, WAIT);
      await userEvent.click(button);
      // Nothing is sent before the confirmation.
      expect(posted).toEqual([]);
      await userEvent.click(await screen.findByTestId('disruption-acknowledge-ok', {}, WAIT));
      await waitFor(() => expect(posted).toEqual(['d1']), WAIT);
      await waitFor(
        () => expect(screen.getByTestId('disruption-status')).toHaveTextContent('Acknowledged'),
        WAIT,
      );
      expect(screen.queryByTestId('disruption-acknowledge')).toBeNull();
    },
    SLOW,
  );

  it(
    'sends the filters and the page, and reads them back from the URL',
    async () => {
      const urls = serve((url) =>
        HttpResponse.json(envelope(page([disruption(Number(url.searchParams.get('page') ?? 1))], 25))),
      );
      const { router } = await open('/flight/orders/disruptions?type=cancel_protected&status=open');
      await screen.findByText('F20261201000001', {}, WAIT);
      expect(urls[0]?.searchParams.get('type')).toBe('cancel_protected');
      expect(urls[0]?.searchParams.get('status')).toBe('open');
      expect(screen.getByText('25 disruptions')).toBeInTheDocument();

      await userEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'), WAIT);
      expect(router.state.location.search).toContain('page=2');

      await userEvent.type(screen.getByLabelText('Booking number'), '000001');
      await userEvent.click(screen.getByTestId('disruptions-apply'));
      await waitFor(() => expect(urls.at(-1)?.searchParams.get('bookingNumber')).toBe('000001'), WAIT);
      expect(urls.at(-1)?.searchParams.get('page')).toBe('1');
      expect(urls.at(-1)?.searchParams.get('type')).toBe('cancel_protected');
    },
    SLOW,
  );

  it(
    'says when there are none, and offers a retry when the list fails',
    async () => {
      let fail = true;
      serve(() =>
        fail
          ? HttpResponse.json(envelope(null, 100500, 'Server error'), { status: 500 })
          : HttpResponse.json(envelope(page([]))),
      );
      await open();
      expect(await screen.findByTestId('disruptions-error', {}, WAIT)).toHaveTextContent(
        'The flight disruptions could not be loaded',
      );
      fail = false;
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('No flight disruptions', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );
});
