import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { GroupOrderListItem } from '@portal/domain/group-order';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };
const SLOW = 40000;

const row: GroupOrderListItem = GroupOrderListItem.parse({
  id: 'g7',
  bookingNumber: 'G2611200007',
  status: 'failed',
  statusColor: 'error',
  confirmBy: null,
  paidTotal: { amount: '3300.00', currency: 'CNY' },
  depositsKept: { amount: '3300.00', currency: 'CNY' },
  createdAt: '2026-11-20T08:00:00.000Z',
  allowedActions: [],
  route: 'PEK-SHA',
  firstDate: '2099-01-20',
  passengerCount: 20,
  total: { amount: '16500.00', currency: 'CNY' },
  nextDeadline: null,
});

beforeEach(() => {
  // The order layout's side menu asks for the flight orders' pending counts.
  server.use(http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))));
});

describe('group orders list', () => {
  it(
    'shows every status route of spec §2 as a tab with its count and lists the chosen status',
    async () => {
      const queries: URLSearchParams[] = [];
      server.use(
        http.get('/order/v2/group/orders/status', () =>
          HttpResponse.json(
            envelope([
              { status: 'to_be_quote', cnt: 2 },
              { status: 'to_be_confirm', cnt: 0 },
              { status: 'failed', cnt: 1 },
            ]),
          ),
        ),
        http.get('/order/v2/group/orders', ({ request }) => {
          const query = new URL(request.url).searchParams;
          queries.push(query);
          const list = query.get('status') === 'failed' ? [row] : [];
          return HttpResponse.json(envelope({ list, total: list.length, page: 1, pageSize: 20 }));
        }),
      );
      await prepare(SESSIONS.operator);
      renderApp('/flight/group/order');
      const page = within(await screen.findByTestId('group-orders-page', {}, WAIT));
      expect(await page.findByText('No group orders found', {}, WAIT)).toBeInTheDocument();
      for (const status of [
        'to_be_quote',
        'to_be_confirm',
        'to_be_apply_seat',
        'seat_applying',
        'to_be_pay_first',
        'to_be_pay_second',
        'to_be_pay_third',
        'to_be_paid_last_money',
        'proceeding',
        'issued',
        'failed',
        'canceled',
      ]) {
        expect(page.getByTestId(`group-tab-${status}`)).toBeInTheDocument();
      }
      await waitFor(() => expect(page.getByTestId('group-tab-count-to_be_quote')).toHaveTextContent('2'));
      expect(page.getByTestId('group-tab-count-failed')).toHaveTextContent('1');
      expect(page.getByTestId('group-tab-to_be_quote')).toHaveTextContent('To be quoted');

      // The statuses are a named menu of filters: tabs would need panels and put their overflow
      // button inside the tablist (axe: aria-required-children).
      const filters = page.getByRole('menu', { name: 'Group orders' });
      expect(within(filters).getByTestId('group-tab-failed').closest('[role="menuitem"]')).not.toBeNull();
      expect(page.queryByRole('tablist')).not.toBeInTheDocument();
      await userEvent.click(page.getByTestId('group-tab-failed'));
      const status = await page.findByTestId('group-row-status-g7', {}, WAIT);
      expect(status).toHaveTextContent('Failed');
      expect(status).toHaveAttribute('data-status-color', 'error');
      expect(queries.at(-1)?.get('status')).toBe('failed');
      expect(page.getByText('Kept: CNY 3,300.00')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the error with a retry when the list cannot be loaded',
    async () => {
      let fail = true;
      server.use(
        http.get('/order/v2/group/orders/status', () => HttpResponse.json(envelope([]))),
        http.get('/order/v2/group/orders', () =>
          fail
            ? HttpResponse.json(envelope(null, 100000, 'Server busy'), { status: 500 })
            : HttpResponse.json(envelope({ list: [], total: 0, page: 1, pageSize: 20 })),
        ),
      );
      await prepare(SESSIONS.operator);
      renderApp('/flight/group/order');
      const error = await screen.findByTestId('list-error', {}, WAIT);
      expect(error).toHaveTextContent('The group orders could not be loaded');
      fail = false;
      await userEvent.click(within(error).getByRole('button'));
      expect(await screen.findByText('No group orders found', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );
});
