import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { PaymentConfig, PaymentPending, PaymentStatusView } from '@portal/domain/payment';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { detachedStyles, prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { PaymentPanel } from './payment-panel';

const WAIT = { timeout: 15000 };

const CONFIG: PaymentConfig = [
  { channel: 'balance', flow: 'balance', labelKey: 'payment.channel.balance', feePercent: 0 },
  { channel: 'yeepay-alipay', flow: 'qr', labelKey: 'payment.channel.yeepayAlipay', feePercent: 0 },
  { channel: 'stripe', flow: 'redirect', labelKey: 'payment.channel.stripe', feePercent: 0 },
];

/** The fields of an order the panel reads. */
function order(patch: Partial<FlightOrder> = {}): FlightOrder {
  const base = {
    id: 'ord-1',
    type: 'origin',
    bookingNumber: 'FO20300501001',
    price: { orderTotal: { amount: '2000.00', currency: 'CNY' } },
    paymentDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...patch,
  };
  // A fixture: the panel reads only the fields above.
  return base as FlightOrder;
}

function pending(patch: Partial<PaymentPending> = {}): PaymentPending {
  return {
    status: 'pending',
    paymentId: '5b0c2a4e-3f7f-4a53-9a53-1c3e0f1d2a11',
    channel: 'yeepay-alipay',
    amount: { amount: '2000.00', currency: 'CNY' },
    qrCode: '/order/v2/payments/sim/yeepay-alipay/5b0c2a4e-3f7f-4a53-9a53-1c3e0f1d2a11?token=abc',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...patch,
  };
}

/** Serves the channels, a QR payment start and the payment's states in turn (the last repeats). */
function serve(start: PaymentPending, states: PaymentStatusView['status'][]) {
  const bodies: unknown[] = [];
  let polls = 0;
  server.use(
    http.get('/order/v2/flight/config/payment', () => HttpResponse.json(envelope(CONFIG))),
    http.post('/order/v2/flight/orders/:id/payment', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(envelope(start));
    }),
    http.get('/order/v2/flight/payments/:id', ({ params }) => {
      const status = states[Math.min(polls, states.length - 1)] ?? 'pending';
      polls += 1;
      const view: PaymentStatusView = {
        paymentId: String(params.id),
        status,
        expiresAt: start.expiresAt,
        orderId: 'ord-1',
      };
      return HttpResponse.json(envelope(view));
    }),
  );
  return { bodies, polls: () => polls };
}

function renderPanel(value: FlightOrder, onPaid = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: '/', element: <PaymentPanel order={value} context="existing" onPaid={onPaid} /> }],
    { initialEntries: ['/'] },
  );
  render(
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return onPaid;
}

async function payWith(label: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: label }, WAIT));
  await user.click(screen.getByTestId('pay-button'));
}

describe('the payment panel with a QR code channel', () => {
  it('lists the agency channels, shows the QR code with amount and countdown, and polls until paid', async () => {
    await prepare();
    const served = serve(pending(), ['pending', 'paid']);
    const onPaid = renderPanel(order());
    for (const label of ['Account balance', 'Alipay (YeePay)', 'Card (Stripe)']) {
      expect(await screen.findByRole('radio', { name: label }, WAIT)).toBeInTheDocument();
    }
    await payWith('Alipay (YeePay)');
    const qr = await screen.findByTestId('qr-payment', {}, WAIT);
    expect(served.bodies).toEqual([{ channel: 'yeepay-alipay', returnUrl: '/flight/orders/ord-1' }]);
    expect(within(qr).getByText('Scan with Alipay (YeePay) to pay')).toBeVisible();
    expect(within(qr).getByTestId('qr-amount')).toHaveTextContent('CNY 2,000.00');
    expect(within(qr).getByTestId('qr-countdown')).toBeInTheDocument();
    // The code of the demo's simulated wallet is a path of this site: the full address, and a link.
    expect(qr.querySelector('canvas')).not.toBeNull();
    expect(within(qr).getByTestId('qr-open')).toHaveAttribute(
      'href',
      '/order/v2/payments/sim/yeepay-alipay/5b0c2a4e-3f7f-4a53-9a53-1c3e0f1d2a11?token=abc',
    );
    // The channel list is gone while the code is shown.
    expect(screen.queryByTestId('pay-button')).toBeNull();
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), WAIT);
    expect(served.polls()).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('says when the code expired or failed and starts again', async () => {
    await prepare();
    const served = serve(pending(), ['expired']);
    const onPaid = renderPanel(order());
    await payWith('Alipay (YeePay)');
    const ended = await screen.findByTestId('qr-ended', {}, WAIT);
    expect(ended).toHaveTextContent('The code has expired; start again to get a new one');
    expect(screen.queryByTestId('qr-countdown')).toBeNull();
    await userEvent.setup().click(within(ended).getByTestId('qr-restart'));
    expect(await screen.findByTestId('pay-button', {}, WAIT)).toBeEnabled();
    expect(onPaid).not.toHaveBeenCalled();
    expect(served.bodies).toHaveLength(1);
  }, 30_000);

  it('shows the amount due of a change order, and JPY amounts without minor digits', async () => {
    await prepare();
    serve(pending({ amount: { amount: '45678', currency: 'JPY' } }), ['pending']);
    renderPanel(
      order({
        type: 'change',
        price: { orderTotal: { amount: '45678', currency: 'JPY' } },
      } as Partial<FlightOrder>),
    );
    const panel = await screen.findByTestId('payment-panel', {}, WAIT);
    expect(within(panel).getByText('Amount due')).toBeVisible();
    expect(within(panel).getByTestId('order-total')).toHaveTextContent('JPY 45,678');
    await payWith('Alipay (YeePay)');
    expect(await screen.findByTestId('qr-amount', {}, WAIT)).toHaveTextContent(/^JPY 45,678$/);
  }, 30_000);
});
