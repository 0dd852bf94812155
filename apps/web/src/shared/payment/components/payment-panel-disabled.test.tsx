import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { SESSIONS, withAgencySettings } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { PaymentPanel } from './payment-panel';

const WAIT = { timeout: 30_000 };
const REASON = 'Payment is turned off for your agency (setting "Disable payment"); ask your agency manager.';

// A fixture: the panel reads only these fields of an order.
const order = {
  id: 'ord-1',
  type: 'origin',
  bookingNumber: 'FO20300501001',
  price: { orderTotal: { amount: '2000.00', currency: 'CNY' } },
  paymentDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
} as FlightOrder;

describe('the booking result payment panel and the setting "Disable payment"', () => {
  it('disables "Pay now" with the reason; the order is still created and shown', async () => {
    await prepare(withAgencySettings(SESSIONS.operator, { disablePayment: true }));
    // The API offers such an agency no channel at all.
    server.use(http.get('/order/v2/flight/config/payment', () => HttpResponse.json(envelope([]))));
    renderElement(<PaymentPanel order={order} />);
    const pay = await screen.findByTestId('pay-button', {}, WAIT);
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(REASON);
    expect(screen.getByTestId('booking-number')).toHaveTextContent('FO20300501001');
    expect(screen.getByRole('button', { name: 'Pay later' })).toBeEnabled();
  });
});
