import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { WalletBalance } from '@portal/domain/wallet';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { PaymentPanel } from './payment-panel';
import { fullOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const cny = (amount: string) => ({ amount, currency: 'CNY' as const });

// A fixture: the panel reads only these fields of an order.
const order = {
  id: 'ord-1',
  type: 'origin',
  bookingNumber: 'F20261128557474',
  price: { orderTotal: cny('930.00') },
  paymentDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
} as FlightOrder;

/** The agency's channels, its wallet and the payment endpoint, which records what it is sent. */
function serve(wallet: WalletBalance) {
  const paid: unknown[] = [];
  server.use(
    http.get('/order/v2/flight/config/payment', () =>
      HttpResponse.json(
        envelope([
          { channel: 'balance', flow: 'balance', labelKey: 'payment.channel.balance', feePercent: 0 },
        ]),
      ),
    ),
    http.get('/base/v2/wallet/payment-balances', () => HttpResponse.json(envelope([wallet]))),
    http.post('/order/v2/flight/orders/:id/payment', async ({ request }) => {
      paid.push(await request.json());
      return HttpResponse.json(
        envelope({ status: 'paid', order: fullOrder({ id: 'ord-1', status: 'proceeding' }) }),
      );
    }),
  );
  return paid;
}

async function pressPay() {
  await prepare(SESSIONS.operator);
  renderElement(<PaymentPanel order={order} context="existing" onPaid={() => undefined} />);
  const pay = await screen.findByTestId('pay-button', {}, WAIT);
  await waitFor(() => expect(pay).toBeEnabled(), WAIT);
  await userEvent.click(pay);
  return within(await screen.findByRole('dialog', {}, WAIT));
}

describe('paying with the balance asks to confirm, with the balance before and after', () => {
  it('shows the amount, the balance before and after and the credit used; pays only once confirmed', async () => {
    const paid = serve({
      currency: 'CNY',
      balance: cny('500.00'),
      creditLimit: cny('2000.00'),
      available: cny('2500.00'),
    });
    const dialog = await pressPay();
    expect(dialog.getByText('Pay F20261128557474 with the balance?')).toBeInTheDocument();
    expect(dialog.getByTestId('balance-pay-amount')).toHaveTextContent('CNY 930.00');
    expect(await dialog.findByTestId('balance-pay-before', {}, WAIT)).toHaveTextContent('CNY 500.00');
    expect(dialog.getByTestId('balance-pay-after')).toHaveTextContent('CNY -430.00');
    expect(dialog.getByTestId('balance-pay-credit')).toHaveTextContent(
      'CNY 430.00 (credit limit CNY 2,000.00)',
    );
    expect(dialog.getByTestId('balance-pay-available')).toHaveTextContent('CNY 1,570.00');
    expect(paid).toEqual([]);
    await userEvent.click(dialog.getByTestId('balance-pay-confirm'));
    await waitFor(() => expect(paid).toEqual([{ channel: 'balance' }]), WAIT);
  });

  it('cannot be confirmed when the amount is more than the balance and credit available', async () => {
    const paid = serve({
      currency: 'CNY',
      balance: cny('500.00'),
      creditLimit: cny('0.00'),
      available: cny('500.00'),
    });
    const dialog = await pressPay();
    expect(await dialog.findByTestId('balance-pay-insufficient', {}, WAIT)).toHaveTextContent(
      'Insufficient account balance',
    );
    expect(dialog.getByTestId('balance-pay-confirm')).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(paid).toEqual([]);
  });
});
