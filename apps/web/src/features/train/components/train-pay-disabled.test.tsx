import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSIONS, withAgencySettings } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { ticketedOrder } from '../test-fixtures';
import { PayOrder } from './pay-order';
import { TrainOrderActions } from './train-order-actions';

const WAIT = { timeout: 30_000 };
const REASON = 'Payment is turned off for your agency (setting "Disable payment"); ask your agency manager.';

const unpaid = ticketedOrder({
  status: 'to_be_paid',
  statusColor: 'warning',
  payment: { state: 'unpaid', channel: null, paidAt: null },
  paymentDeadline: '2099-04-20T02:20:00.000Z',
  ticketedAt: null,
  allowedActions: ['pay', 'cancel'],
});

describe('train payment and the setting "Disable payment"', () => {
  it('offers the pay buttons of an unpaid order to an agency that may pay', async () => {
    await prepare(SESSIONS.trainop);
    renderElement(
      <>
        <TrainOrderActions order={unpaid} />
        <PayOrder order={unpaid} onDone={() => undefined} />
      </>,
    );
    expect(await screen.findByTestId('train-order-pay', {}, WAIT)).toBeEnabled();
    expect(screen.getByTestId('train-pay-submit')).toBeEnabled();
  });

  it("disables the order's and the booking's pay button with the reason; cancel stays", async () => {
    await prepare(withAgencySettings(SESSIONS.trainop, { disablePayment: true }));
    renderElement(
      <>
        <TrainOrderActions order={unpaid} />
        <PayOrder order={unpaid} onDone={() => undefined} />
      </>,
    );
    const pay = await screen.findByTestId('train-order-pay', {}, WAIT);
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(REASON);
    expect(screen.getByTestId('train-pay-submit')).toBeDisabled();
    expect(screen.getByTestId('train-pay-submit')).toHaveAccessibleDescription(REASON);
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
  });
});

describe('train payment with the balance', () => {
  it('asks to confirm with the balance before and after, and pays only then', async () => {
    const sent: string[] = [];
    server.use(
      http.post('/order/v2/train/orders/:id/payment', ({ request }) => {
        sent.push(new URL(request.url).pathname);
        return HttpResponse.json(envelope({ status: 'paid', order: { ...unpaid, allowedActions: [] } }));
      }),
    );
    await prepare(SESSIONS.trainop);
    renderElement(<TrainOrderActions order={unpaid} />);
    await userEvent.click(await screen.findByTestId('train-order-pay', {}, WAIT));
    const dialog = within(await screen.findByRole('dialog', {}, WAIT));
    expect(dialog.getByTestId('balance-pay-amount')).toHaveTextContent('CNY 553.00');
    expect(await dialog.findByTestId('balance-pay-before', {}, WAIT)).toHaveTextContent('CNY 50,000.00');
    expect(dialog.getByTestId('balance-pay-after')).toHaveTextContent('CNY 49,447.00');
    expect(dialog.getByTestId('balance-pay-credit')).toHaveTextContent('CNY 0.00');
    expect(sent).toEqual([]);
    await userEvent.click(dialog.getByTestId('balance-pay-confirm'));
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);
  });
});
