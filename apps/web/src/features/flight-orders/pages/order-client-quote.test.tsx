import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { CLIENT_QUOTE } from '../../../test/client-quote-fixtures';
import { SESSIONS } from '../../../test/fixtures';
import { fullOrder } from '../../../test/flight-order-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };
const SLOW = 40000;

function serveOrder(order: FlightOrder) {
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', () => HttpResponse.json(envelope(order))),
  );
}

async function open() {
  await prepare(SESSIONS.operator);
  renderApp('/flight/orders/o1');
  return screen.findByTestId('order-header', {}, WAIT);
}

describe('quote for client on a flight order', () => {
  it(
    'quotes a booking awaiting payment from its detail',
    async () => {
      let sent: unknown;
      serveOrder(fullOrder());
      server.use(
        http.post('/order/v2/flight/client-quotes', async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json(envelope(CLIENT_QUOTE));
        }),
      );
      await open();
      await userEvent.click(screen.getByTestId('client-quote-open'));
      const dialog = await screen.findByTestId('client-quote-dialog', {}, WAIT);
      const fee = within(dialog).getByRole('textbox', { name: 'Service fee' });
      await userEvent.clear(fee);
      await userEvent.type(fee, '30');
      await userEvent.click(within(dialog).getByTestId('client-quote-create'));
      expect(await screen.findByTestId('client-quote-link', {}, WAIT)).toBeInTheDocument();
      expect(sent).toMatchObject({
        source: { kind: 'order', orderId: 'o1' },
        serviceFee: { mode: 'per_passenger', amount: { amount: '30', currency: 'CNY' } },
      });
    },
    SLOW,
  );

  it(
    'offers no quote once the booking is paid',
    async () => {
      serveOrder(
        fullOrder({
          status: 'issued',
          allowedActions: [],
          paymentDeadline: null,
          payment: { state: 'paid', channel: 'balance', paidAt: '2026-11-20T08:40:00.000Z' },
        }),
      );
      await open();
      expect(screen.queryByTestId('client-quote-open')).not.toBeInTheDocument();
    },
    SLOW,
  );
});
