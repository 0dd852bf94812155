import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { redirectTo } from '../../../shared/browser/redirect';
import type { FlightOrder } from '@portal/domain/flight-order';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { fullOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 40000;

function serveOrder(next: () => FlightOrder | Response) {
  const requests: Request[] = [];
  server.use(
    // The side menu's pending-group counts; listed first so `:id` does not take `status`.
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', ({ request }) => {
      requests.push(request);
      const result = next();
      return result instanceof Response ? result : HttpResponse.json(envelope(result));
    }),
  );
  return requests;
}

async function open(path = '/flight/orders/o1') {
  await prepare(SESSIONS.operator);
  renderApp(path);
  return screen.findByTestId('order-header', {}, WAIT);
}

const issued = fullOrder({
  status: 'issued',
  allowedActions: [],
  paymentDeadline: null,
  payment: { state: 'paid', channel: 'balance', paidAt: '2026-11-20T08:40:00.000Z' },
  passengers: fullOrder().passengers.map((p) => ({ ...p, ticketNumbers: ['784-2345678901'] })),
  timeline: [
    { status: 'to_be_paid', at: '2026-11-20T08:30:00.000Z', note: null },
    { status: 'proceeding', at: '2026-11-20T08:40:00.000Z', note: 'Paid with balance' },
    { status: 'issued', at: '2026-11-20T08:45:00.000Z', note: null },
  ],
});

describe('flight order detail page', () => {
  it(
    'shows the header, segments, passengers with tickets, price fields, payment and timeline',
    async () => {
      serveOrder(() => issued);
      const header = await open();
      expect(within(header).getByTestId('order-booking-number')).toHaveTextContent('B1001');
      expect(within(header).getByTestId('order-status')).toHaveTextContent('Issued');
      expect(within(header).getByTestId('order-status')).toHaveAttribute('data-status-color', 'success');
      expect(within(header).getByTestId('order-pnr')).toHaveTextContent('ABC123');
      expect(within(header).getByTestId('order-type')).toHaveTextContent('Original');
      expect(screen.queryByTestId('order-pay')).not.toBeInTheDocument();
      expect(screen.queryByTestId('order-payment-countdown')).not.toBeInTheDocument();

      const segments = screen.getByTestId('order-segments');
      expect(segments).toHaveTextContent('CA1501');
      expect(segments).toHaveTextContent('PEK T3 2026-12-01 08:30');
      expect(segments).toHaveTextContent('SHA T2 2026-12-01 10:45');
      expect(segments).toHaveTextContent('Economy / Y');

      const passengers = screen.getByTestId('order-passengers');
      expect(passengers).toHaveTextContent('ZHANG/SAN');
      expect(passengers).toHaveTextContent('Adult');
      expect(passengers).toHaveTextContent('Passport *****5678');
      expect(passengers).toHaveTextContent('*****5678');
      expect(passengers).not.toHaveTextContent('E12345678');
      expect(within(passengers).getByTestId('order-ticket-numbers')).toHaveTextContent('784-2345678901');

      expect(screen.getByTestId('order-contact')).toHaveTextContent('li@example.test');
      expect(screen.getByTestId('order-price-ticketPrice')).toHaveTextContent('CNY 1,000.00');
      expect(screen.getByTestId('order-price-tax')).toHaveTextContent('CNY 240.00');
      expect(screen.getByTestId('order-price-fuelSurcharge')).toHaveTextContent('CNY 190.00');
      expect(screen.getByTestId('order-price-airportTax')).toHaveTextContent('CNY 50.00');
      expect(screen.getByTestId('order-price-serviceFee')).toHaveTextContent('CNY 50.50');
      expect(screen.getByTestId('order-price-saleTotal')).toHaveTextContent('CNY 1,290.50');
      expect(screen.getByTestId('order-price-orderTotal')).toHaveTextContent('CNY 1,290.50');
      expect(screen.queryByTestId('order-price-changeFee')).not.toBeInTheDocument();
      expect(screen.getByTestId('order-price')).toHaveTextContent('Fuel surcharge');

      expect(screen.getByTestId('order-payment-state')).toHaveTextContent('Paid');
      expect(screen.getByTestId('order-payment')).toHaveTextContent('Balance');

      const timeline = screen.getByTestId('order-timeline');
      expect(within(timeline).getAllByText(/To be paid|Proceeding|Issued/)).toHaveLength(3);
      expect(timeline).toHaveTextContent('Paid with balance');
    },
    SLOW,
  );

  it(
    'shows the countdown and the paid message, and explains an insufficient balance',
    async () => {
      serveOrder(() => fullOrder());
      const payments: Request[] = [];
      server.use(
        http.post('/order/v2/flight/orders/:id/payment', ({ request }) => {
          payments.push(request);
          return HttpResponse.json(envelope(null, 600001, 'Insufficient account balance'));
        }),
      );
      await open('/flight/orders/o1?paid=1');
      expect(screen.getByTestId('order-paid-message')).toBeInTheDocument();
      expect(screen.getByTestId('order-payment-countdown')).toHaveTextContent(/Pay within 0:[23]\d:\d\d/);
      expect(screen.getByTestId('order-status')).toHaveAttribute('data-status-color', 'primary');
      await userEvent.click(screen.getByRole('button', { name: 'Pay with balance' }));
      await userEvent.click(await screen.findByTestId('balance-pay-confirm', {}, WAIT));
      expect(await screen.findByTestId('order-pay-error', {}, WAIT)).toHaveTextContent(
        'Insufficient account balance',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Pay with balance' }));
      await userEvent.click(await screen.findByTestId('balance-pay-confirm', {}, WAIT));
      await waitFor(() => expect(payments).toHaveLength(2));
      const keys = payments.map((r) => r.headers.get('Idempotency-Key'));
      expect(keys[0]).toBeTruthy();
      expect(keys[1]).toBeTruthy();
      expect(keys[0]).not.toBe(keys[1]);
    },
    SLOW,
  );

  it(
    'offers the other payment channels of the agency and sends a card payment to the gateway',
    async () => {
      serveOrder(() => fullOrder());
      const bodies: unknown[] = [];
      server.use(
        http.get('/order/v2/flight/config/payment', () =>
          HttpResponse.json(
            envelope([
              { channel: 'balance', flow: 'balance', labelKey: 'payment.channel.balance', feePercent: 0 },
              { channel: 'stripe', flow: 'redirect', labelKey: 'payment.channel.stripe', feePercent: 0 },
            ]),
          ),
        ),
        http.post('/order/v2/flight/orders/:id/payment', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json(
            envelope({
              status: 'pending',
              paymentId: 'p1',
              channel: 'stripe',
              amount: { amount: '1290.50', currency: 'CNY' },
              redirectUrl: '/order/v2/payments/sim/stripe/p1',
              expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
            }),
          );
        }),
      );
      await open();
      await userEvent.click(screen.getByTestId('order-pay-other'));
      const dialog = await screen.findByRole('dialog', {}, WAIT);
      expect(await within(dialog).findByTestId('booking-number', {}, WAIT)).toHaveTextContent(
        fullOrder().bookingNumber,
      );
      expect(within(dialog).queryByRole('button', { name: 'Pay later' })).not.toBeInTheDocument();
      await userEvent.click(await within(dialog).findByLabelText('Card (Stripe)', {}, WAIT));
      await userEvent.click(within(dialog).getByTestId('pay-button'));
      await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/order/v2/payments/sim/stripe/p1'));
      expect(bodies).toEqual([{ channel: 'stripe', returnUrl: '/flight/orders/o1' }]);
    },
    SLOW,
  );

  it(
    'cancels the booking after confirming',
    async () => {
      let canceled = false;
      serveOrder(() => (canceled ? fullOrder({ status: 'canceled', allowedActions: [] }) : fullOrder()));
      const deletes: string[] = [];
      server.use(
        http.delete('/order/v2/flight/orders/:id', ({ params }) => {
          deletes.push(String(params.id));
          canceled = true;
          return HttpResponse.json(envelope(fullOrder({ status: 'canceled', allowedActions: [] })));
        }),
      );
      await open();
      await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
      expect(deletes).toEqual([]);
      await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }, WAIT));
      await waitFor(() => expect(deletes).toEqual(['o1']));
      await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Canceled'), WAIT);
      expect(screen.getByTestId('order-status')).toHaveAttribute('data-status-color', 'info');
      expect(screen.queryByTestId('order-cancel')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'polls a proceeding order until it is issued with ticket numbers, then refreshes the menu counts',
    async () => {
      // The supplier issues the tickets only once the counts before it are taken, so a slow machine
      // cannot see the issue (and its refresh of the counts) before the test reads them.
      let ticketed = false;
      serveOrder(() => (ticketed ? issued : fullOrder({ status: 'proceeding', allowedActions: [] })));
      let countRequests = 0;
      server.use(
        http.get('/order/v2/flight/orders/status', () => {
          countRequests += 1;
          return HttpResponse.json(envelope([]));
        }),
      );
      await open();
      expect(screen.getByTestId('order-status')).toHaveTextContent('Proceeding');
      expect(screen.queryByTestId('order-ticket-numbers')).not.toBeInTheDocument();
      await waitFor(() => expect(countRequests).toBeGreaterThan(0), WAIT);
      const countsBefore = countRequests;
      ticketed = true;
      await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Issued'), WAIT);
      expect(screen.getByTestId('order-ticket-numbers')).toHaveTextContent('784-2345678901');
      // The order moved on by itself: the pending counts are asked again, not at the next minute.
      await waitFor(() => expect(countRequests).toBeGreaterThan(countsBefore), WAIT);
    },
    SLOW,
  );

  it('shows a result page for an unknown booking', async () => {
    serveOrder(() => HttpResponse.json(envelope(null, 500001, 'Booking does not exist'), { status: 404 }));
    await prepare(SESSIONS.operator);
    renderApp('/flight/orders/NOPE');
    const result = await screen.findByTestId('order-not-found', {}, WAIT);
    expect(result).toHaveTextContent('Booking does not exist');
    expect(within(result).getByRole('link')).toHaveAttribute('href', '/flight/orders');
  });
});
