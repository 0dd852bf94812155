import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { GroupOrder } from '@portal/domain/group-order';
import { redirectTo } from '../../../shared/browser/redirect';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { secondDepositDue, testGroupOrder } from '../lib/test-orders';

const WAIT = { timeout: 30_000 };
const SLOW = 40000;

interface Sent {
  path: string;
  body: unknown;
  key: string | null;
}

/** The order endpoints over one order; every write is recorded and answered with `after`. */
function serveOrder(order: GroupOrder, after: GroupOrder = order) {
  // The fixtures are what the API may answer: checked against the domain's schema.
  GroupOrder.parse(order);
  GroupOrder.parse(after);
  const sent: Sent[] = [];
  let current = order;
  const write = async ({ request }: { request: Request }) => {
    sent.push({
      path: new URL(request.url).pathname,
      body: await request.json(),
      key: request.headers.get('Idempotency-Key'),
    });
    current = after;
    return current;
  };
  server.use(
    http.get('/order/v2/flight/config/payment', () =>
      HttpResponse.json(
        envelope([
          { channel: 'balance', flow: 'balance', labelKey: 'payment.channel.balance', feePercent: 0 },
          { channel: 'stripe', flow: 'redirect', labelKey: 'payment.channel.stripe', feePercent: 0 },
        ]),
      ),
    ),
    http.get('/order/v2/group/orders/:id/passengers', () =>
      HttpResponse.json(
        envelope({
          state: current.passengerList.state,
          counts: current.request.passengers,
          deadline: current.passengerList.deadline,
          restrictions: null,
          passengers: [],
          uploadedAt: null,
          confirmedAt: null,
          allowedActions: current.allowedActions.includes('uploadPassengers') ? ['uploadPassengers'] : [],
        }),
      ),
    ),
    http.get('/order/v2/group/orders/:id', () => HttpResponse.json(envelope(current))),
    http.post('/order/v2/group/orders/:id/cancel', async (info) =>
      HttpResponse.json(envelope(await write(info))),
    ),
    http.post('/order/v2/group/orders/:id/instalments/:n/payment', async (info) =>
      HttpResponse.json(envelope({ status: 'paid', order: await write(info) })),
    ),
  );
  return sent;
}

async function open() {
  await prepare(SESSIONS.operator);
  renderApp('/flight/group/order/g1');
  return within(
    await screen
      .findByTestId('group-booking-number', {}, WAIT)
      .then(() => screen.getByTestId('group-order-detail-page')),
  );
}

beforeEach(() => {
  // The order layout's side menu asks for the flight orders' pending counts.
  server.use(http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))));
});

describe('group order detail', () => {
  it(
    'shows the quotes with fares, taxes and baggage, and offers only the actions the API allows',
    async () => {
      serveOrder(testGroupOrder());
      const page = await open();
      expect(page.getByTestId('group-order-status')).toHaveTextContent('To be confirmed');
      const quote = within(page.getByTestId('group-quote-q1'));
      expect(quote.getByText('CA1501')).toBeInTheDocument();
      expect(quote.getByText('CNY 900.00')).toBeInTheDocument();
      expect(quote.getByText('CNY 50.00')).toBeInTheDocument();
      expect(quote.getByText(/Checked: 1 pc × 23 kg/)).toBeInTheDocument();
      expect(quote.getByText('CNY 6,600.00', { exact: false })).toBeInTheDocument();
      expect(page.getAllByRole('button', { name: 'Choose this quote' })).toHaveLength(2);
      expect(page.getByTestId('group-cancel')).toBeInTheDocument();
      // No list is taken before a quote is picked: no deadline to show yet.
      expect(page.queryByTestId('group-passenger-list-deadline')).not.toBeInTheDocument();
      expect(page.queryByRole('button', { name: /^Pay: / })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'offers no pick, pay or cancel when allowedActions is empty, and says the deposits are kept',
    async () => {
      serveOrder(
        secondDepositDue({
          status: 'failed',
          statusColor: 'error',
          failureReason: 'instalment_missed',
          depositsKept: { amount: '3300.00', currency: 'CNY' },
          allowedActions: [],
        }),
      );
      const page = await open();
      expect(page.getByTestId('group-order-status')).toHaveAttribute('data-status-color', 'error');
      expect(page.getByTestId('group-failure')).toHaveTextContent(
        'an instalment was not paid by its deadline',
      );
      expect(page.getByTestId('group-deposits-kept')).toHaveTextContent('CNY 3,300.00');
      expect(page.queryByRole('button', { name: 'Choose this quote' })).not.toBeInTheDocument();
      expect(page.queryByRole('button', { name: /^Pay: / })).not.toBeInTheDocument();
      expect(page.queryByTestId('group-cancel')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'cancels only with a reason',
    async () => {
      const sent = serveOrder(
        testGroupOrder(),
        testGroupOrder({
          status: 'canceled',
          statusColor: 'info',
          cancelReason: 'Trip called off',
          allowedActions: [],
        }),
      );
      const page = await open();
      await userEvent.click(page.getByTestId('group-cancel'));
      const dialog = within(await screen.findByRole('dialog', {}, WAIT));
      await userEvent.click(dialog.getByRole('button', { name: 'Cancel the order' }));
      expect(await dialog.findByText('Please enter the reason for the cancellation')).toBeInTheDocument();
      expect(sent).toEqual([]);

      await userEvent.type(dialog.getByLabelText('Reason'), '  Trip called off ');
      await userEvent.click(dialog.getByRole('button', { name: 'Cancel the order' }));
      await waitFor(() => expect(page.getByTestId('group-order-status')).toHaveTextContent('Canceled'));
      expect(sent).toHaveLength(1);
      expect(sent[0]?.path).toBe('/order/v2/group/orders/g1/cancel');
      expect(sent[0]?.body).toEqual({ reason: 'Trip called off' });
      expect(sent[0]?.key).toBeTruthy();
    },
    SLOW,
  );

  it(
    'pays the due instalment from the wallet balance (the first channel) after a confirm, with an Idempotency-Key',
    async () => {
      const paid = secondDepositDue({ status: 'to_be_pay_third', allowedActions: ['cancel'] });
      const sent = serveOrder(secondDepositDue(), paid);
      const page = await open();
      const table = within(page.getByTestId('group-instalments'));
      expect(page.getByTestId('group-passenger-list-deadline')).toHaveTextContent('left');
      expect(table.getByTestId('group-instalment-state-1')).toHaveTextContent('Paid');
      expect(table.getByTestId('group-instalment-state-2')).toHaveTextContent('Unpaid');
      // Only the due instalment (the second deposit) has a button.
      expect(table.getAllByRole('button')).toHaveLength(1);
      await userEvent.click(table.getByRole('button', { name: 'Pay: Second deposit' }));
      const dialog = within(await screen.findByRole('dialog', {}, WAIT));
      expect(
        dialog.getByText(/Pay CNY 3,300.00 \(Second deposit\) with the channel chosen below/),
      ).toBeInTheDocument();
      expect(await dialog.findByLabelText('Account balance', {}, WAIT)).toBeChecked();
      expect(sent).toEqual([]);
      await userEvent.click(dialog.getByTestId('group-instalment-pay'));
      await userEvent.click(await screen.findByTestId('balance-pay-confirm', {}, WAIT));
      await waitFor(() =>
        expect(page.getByTestId('group-order-status')).toHaveTextContent('Third deposit due'),
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]?.path).toBe('/order/v2/group/orders/g1/instalments/2/payment');
      expect(sent[0]?.body).toEqual({ channel: 'balance' });
      expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    },
    SLOW,
  );
  it(
    'sends a card payment of the due instalment to the checkout, which returns to the order',
    async () => {
      const sent = serveOrder(secondDepositDue());
      server.use(
        http.post('/order/v2/group/orders/:id/instalments/:n/payment', async ({ request }) => {
          sent.push({ path: new URL(request.url).pathname, body: await request.json(), key: null });
          return HttpResponse.json(
            envelope({
              status: 'pending',
              paymentId: 'p1',
              channel: 'stripe',
              amount: { amount: '3300.00', currency: 'CNY' },
              redirectUrl: '/order/v2/payments/sim/stripe/p1',
              expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
            }),
          );
        }),
      );
      const page = await open();
      const table = within(page.getByTestId('group-instalments'));
      await userEvent.click(table.getByRole('button', { name: 'Pay: Second deposit' }));
      const dialog = within(await screen.findByRole('dialog', {}, WAIT));
      await userEvent.click(await dialog.findByLabelText('Card (Stripe)', {}, WAIT));
      await userEvent.click(dialog.getByTestId('group-instalment-pay'));
      await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/order/v2/payments/sim/stripe/p1'));
      expect(sent.map((s) => s.body)).toEqual([{ channel: 'stripe', returnUrl: '/flight/group/order/g1' }]);
    },
    SLOW,
  );
});
