import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@portal/domain/auth';
import type { TrainOrder } from '@portal/domain/train-order';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { listItem, ticketedOrder } from '../test-fixtures';

const WAIT = { timeout: 30000 };
const SLOW = 120000;

/** An unpaid order, answered with its pay and cancel actions whoever asks. */
const unpaid = ticketedOrder({
  status: 'to_be_paid',
  statusColor: 'primary',
  payment: { state: 'unpaid', channel: null, paidAt: null },
  paymentDeadline: '2030-04-20T02:20:00.000Z',
  ticketedAt: null,
  refundQuote: null,
  passengers: ticketedOrder().passengers.map((p) => ({ ...p, seat: null, ticketNumber: null })),
  timeline: [{ status: 'to_be_paid', at: '2030-04-20T01:50:00.000Z', note: null }],
  allowedActions: ['pay', 'cancel'],
});

function serveOrder(order: TrainOrder) {
  server.use(
    http.get('/order/v2/train/orders', () =>
      HttpResponse.json(envelope({ list: [listItem(order)], total: 1, page: 1, pageSize: 20 })),
    ),
    http.get('/order/v2/train/orders/:id', () => HttpResponse.json(envelope(order))),
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
  );
}

async function openDetail(session: LoginResult) {
  await prepare(session);
  serveOrder(unpaid);
  renderApp('/train/orders');
  await userEvent.click(await screen.findByRole('button', { name: unpaid.bookingNumber }, WAIT));
  return within(await screen.findByTestId('train-order-detail', {}, WAIT));
}

describe('train booking is for operators and SuperUsers, not finance', () => {
  it(
    'finance sees its train orders but no Trains menu and no pay or cancel button',
    async () => {
      const detail = await openDetail(SESSIONS.finance);
      expect(detail.getByText(unpaid.bookingNumber)).toBeInTheDocument();
      expect(detail.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
      expect(detail.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
      const menu = within(await screen.findByTestId('top-menu'));
      expect(menu.queryByRole('link', { name: 'Trains' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'finance asking for the train booking page is sent away',
    async () => {
      await prepare(SESSIONS.finance);
      const { router } = renderApp('/train/booking');
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/train/booking'), WAIT);
    },
    SLOW,
  );

  it(
    'an operator gets the pay button of the same order',
    async () => {
      const detail = await openDetail(SESSIONS.operator);
      expect(await detail.findByRole('button', { name: 'Pay' }, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );
});
