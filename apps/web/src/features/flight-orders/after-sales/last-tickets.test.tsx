import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { SESSIONS } from '../../../test/fixtures';
import { makeSolution, solutionsDelta } from '../../../test/flight-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { fullOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 60000;

const ticketed = fullOrder().passengers.map((p) => ({ ...p, ticketNumbers: ['784-2345678901'] }));

const original = (allowedActions: FlightOrder['allowedActions']): FlightOrder =>
  fullOrder({
    status: 'issued',
    statusColor: 'success',
    paymentDeadline: null,
    payment: { state: 'paid', channel: 'balance', paidAt: '2026-11-20T08:40:00.000Z' },
    passengers: ticketed,
    voidDeadline: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    allowedActions,
  });

const voidOrder: FlightOrder = {
  ...original([]),
  id: 'v1',
  bookingNumber: 'B-v1',
  type: 'void',
  status: 'void_proceeding',
  statusColor: 'warning',
  originalBookingId: 'o1',
};

describe('an after-sales request that takes the last free tickets', () => {
  it(
    'still opens the new order although the original then offers no action',
    async () => {
      let requested = false;
      server.use(
        http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
        // Refetched after the request, the documents answer later than the order: the page shows
        // the original without actions before the request's own answer is handled.
        http.get('/order/v2/flight/orders/:id/documents', async () => {
          if (requested) await delay(300);
          return HttpResponse.json(envelope([]));
        }),
        http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
        http.get('/order/v2/flight/orders/:id', ({ params }) =>
          HttpResponse.json(
            envelope(
              params.id === 'v1' ? voidOrder : original(requested ? [] : ['change', 'refund', 'void']),
            ),
          ),
        ),
        http.post('/order/v2/flight/orders/:id/void', () => {
          // Every ticket is now claimed: the original allows nothing more.
          requested = true;
          return HttpResponse.json(envelope(voidOrder));
        }),
      );
      await prepare(SESSIONS.operator);
      renderApp('/flight/orders/o1');
      await userEvent.click(await screen.findByTestId('order-void', {}, WAIT));
      const content = await screen.findByTestId('void-dialog', {}, WAIT);
      const dialog = content.closest<HTMLElement>('[role="dialog"]');
      if (!dialog) throw new Error('the void form is not in a dialog');
      await userEvent.click(within(dialog).getByTestId('void-submit'));
      await waitFor(() => expect(requested).toBe(true), WAIT);
      await waitFor(() => expect(screen.getByTestId('order-booking-number')).toHaveTextContent('B-v1'), WAIT);
    },
    SLOW,
  );

  it(
    'opens the new change order although the original then offers no action',
    async () => {
      let requested = false;
      const changeOrder: FlightOrder = {
        ...voidOrder,
        id: 'c1',
        bookingNumber: 'B-c1',
        type: 'change',
        status: 'chg_reviewing',
      };
      const newDate = dayjs().add(40, 'day').format('YYYY-MM-DD');
      const alternative = makeSolution({
        id: 'alt-1',
        flightNumber: '1503',
        departure: `${newDate}T13:00`,
        arrival: `${newDate}T15:10`,
        total: '1380.00',
      });
      server.use(
        http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
        // Refetched after the request, the documents answer later than the order: the page shows
        // the original without actions before the request's own answer is handled.
        http.get('/order/v2/flight/orders/:id/documents', async () => {
          if (requested) await delay(300);
          return HttpResponse.json(envelope([]));
        }),
        http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
        http.get('/order/v2/flight/orders/:id', ({ params }) =>
          HttpResponse.json(
            envelope(params.id === 'c1' ? changeOrder : original(requested ? [] : ['change', 'refund'])),
          ),
        ),
        http.post('/order/v2/flight/orders/:id/change/search', () =>
          HttpResponse.json(envelope({ searchId: 'cs-1', expiresAt: '2030-01-01T00:00:00.000Z' })),
        ),
        http.post('/shopping/v2/flight/async-shopping/solutions', () =>
          HttpResponse.json(envelope(solutionsDelta([alternative]))),
        ),
        http.post('/order/v2/flight/orders/:id/change', () => {
          requested = true;
          return HttpResponse.json(envelope(changeOrder));
        }),
      );
      await prepare(SESSIONS.operator);
      renderApp('/flight/orders/o1');
      await userEvent.click(await screen.findByTestId('order-change', {}, WAIT));
      const content = await screen.findByTestId('change-dialog', {}, WAIT);
      const dialog = content.closest<HTMLElement>('[role="dialog"]');
      if (!dialog) throw new Error('the change form is not in a dialog');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ZHANG/SAN' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'CA1501' }));
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
      await userEvent.click(await screen.findByTitle('Voluntary change'));
      const date = within(dialog).getByRole('textbox', { name: 'New date of journey 1' });
      await userEvent.clear(date);
      await userEvent.type(date, `${newDate}{Enter}`);
      await userEvent.click(within(dialog).getByTestId('change-search'));
      const row = await within(dialog).findByTestId('change-solution-alt-1', {}, WAIT);
      await userEvent.click(within(row).getByTestId('change-choose'));
      await userEvent.click(within(dialog).getByTestId('change-submit'));
      await waitFor(() => expect(requested).toBe(true), WAIT);
      await waitFor(() => expect(screen.getByTestId('order-booking-number')).toHaveTextContent('B-c1'), WAIT);
    },
    SLOW,
  );

  it(
    'says the refund is confirmed although the confirmed refund then offers no action',
    async () => {
      let confirmed = false;
      const refund = (): FlightOrder => ({
        ...voidOrder,
        id: 'r1',
        bookingNumber: 'B-r1',
        type: 'refund',
        status: confirmed ? 'rfd_proceeding' : 'rfd_to_be_confirm',
        statusColor: confirmed ? 'warning' : 'primary',
        allowedActions: confirmed ? [] : ['confirm-refund', 'cancel-refund'],
      });
      server.use(
        http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
        http.get('/order/v2/flight/orders/:id/documents', async () => {
          if (confirmed) await delay(300);
          return HttpResponse.json(envelope([]));
        }),
        http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
        http.get('/order/v2/flight/orders/:id', () => HttpResponse.json(envelope(refund()))),
        http.post('/order/v2/flight/orders/:id/confirmation', () => {
          confirmed = true;
          return HttpResponse.json(envelope(refund()));
        }),
      );
      await prepare(SESSIONS.operator);
      renderApp('/flight/orders/r1');
      await userEvent.click(await screen.findByTestId('order-confirm-refund', {}, WAIT));
      const content = await screen.findByTestId('confirm-refund-dialog', {}, WAIT);
      const dialog = content.closest<HTMLElement>('[role="dialog"]');
      if (!dialog) throw new Error('the confirmation is not in a dialog');
      await userEvent.click(within(dialog).getByTestId('confirm-refund-ok'));
      expect(await screen.findByText('Refund confirmed', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );
});
