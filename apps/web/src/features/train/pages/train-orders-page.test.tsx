import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TrainOrder } from '@portal/domain/train-order';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { listItem, ticketedOrder } from '../test-fixtures';

const WAIT = { timeout: 30000 };
const SLOW = 120000;

/** The train order endpoints over `orders`; list queries and refund calls are kept. */
function serveOrders(orders: TrainOrder[]) {
  const state = { queries: [] as URLSearchParams[], refunds: [] as string[] };
  server.use(
    http.get('/order/v2/train/orders', ({ request }) => {
      const query = new URL(request.url).searchParams;
      state.queries.push(query);
      const status = query.get('status');
      const list = orders.filter((o) => !status || o.status === status).map(listItem);
      return HttpResponse.json(envelope({ list, total: list.length, page: 1, pageSize: 20 }));
    }),
    http.get('/order/v2/train/orders/:id', ({ params }) => {
      const order = orders.find((o) => o.id === params.id);
      return order
        ? HttpResponse.json(envelope(order))
        : HttpResponse.json(envelope(null, 100004, 'Resource not found'), { status: 404 });
    }),
    http.post('/order/v2/train/orders/:id/refund', ({ params }) => {
      state.refunds.push(String(params.id));
      const index = orders.findIndex((o) => o.id === params.id);
      const order = orders[index];
      if (!order) return HttpResponse.json(envelope(null, 100004, 'Resource not found'), { status: 404 });
      const refunding: TrainOrder = {
        ...order,
        status: 'refunding',
        statusColor: 'warning',
        allowedActions: [],
      };
      orders.splice(index, 1, refunding);
      return HttpResponse.json(envelope(refunding));
    }),
  );
  return state;
}

describe('train orders page', () => {
  it(
    "shows 'No train bookings found' and filters by status",
    async () => {
      const api = serveOrders([ticketedOrder()]);
      await prepare(SESSIONS.trainop);
      renderApp('/train/orders');
      expect(await screen.findByTestId('page-title', {}, WAIT)).toHaveTextContent('Train ticket booking');
      const table = within(await screen.findByTestId('train-orders-table', {}, WAIT));
      expect(await table.findByText('T2030050100001', {}, WAIT)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      await userEvent.click(await screen.findByTitle('Canceled', {}, WAIT));
      await userEvent.click(screen.getByRole('button', { name: 'Search' }));
      expect(await table.findByText('No train bookings found', {}, WAIT)).toBeInTheDocument();
      expect(api.queries.at(-1)?.get('status')).toBe('canceled');
    },
    SLOW,
  );

  it(
    'shows the seats and, before a refund, its fee by the time before departure',
    async () => {
      const api = serveOrders([ticketedOrder()]);
      await prepare(SESSIONS.trainop);
      renderApp('/train/orders');
      await userEvent.click(await screen.findByRole('button', { name: 'T2030050100001' }, WAIT));
      const detail = within(await screen.findByTestId('train-order-detail', {}, WAIT));
      const row = detail.getByText('张三', { selector: 'td' }).closest('tr') as HTMLElement;
      expect(within(row).getByText('05')).toBeInTheDocument();
      expect(within(row).getByText('12F')).toBeInTheDocument();

      await userEvent.click(detail.getByRole('button', { name: 'Refund' }));
      // 72 hours before departure: 5 % of 553.00 is 27.65, rounded to half a yuan as 12306 does.
      expect(await screen.findByTestId('confirm-refund', {}, WAIT)).toHaveTextContent(
        'Refund fee CNY 27.50 (5% by the time before departure); CNY 525.50 goes back to the balance.',
      );
      expect(api.refunds).toEqual([]);
      const popup = screen.getByTestId('confirm-refund').closest('.ant-popover') as HTMLElement;
      await userEvent.click(within(popup).getByRole('button', { name: 'Refund' }));
      await waitFor(() => expect(api.refunds).toEqual(['tr-1']), WAIT);
      expect(await detail.findByText('Refunding', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );
});
