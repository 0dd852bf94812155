import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSIONS, withAgencySettings } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { fullOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const REASON = 'Payment is turned off for your agency (setting "Disable payment"); ask your agency manager.';

function serveUnpaidOrder() {
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', () => HttpResponse.json(envelope(fullOrder()))),
  );
}

describe('flight order detail and the setting "Disable payment"', () => {
  it('keeps both pay buttons usable for an agency that may pay', async () => {
    serveUnpaidOrder();
    await prepare(SESSIONS.operator);
    renderApp('/flight/orders/o1');
    expect(await screen.findByTestId('order-pay', {}, WAIT)).toBeEnabled();
    expect(screen.getByTestId('order-pay-other')).toBeEnabled();
    expect(screen.getByTestId('order-pay')).not.toHaveAccessibleDescription(REASON);
  });

  it('disables both pay buttons with the reason for an agency whose payment is disabled', async () => {
    serveUnpaidOrder();
    await prepare(withAgencySettings(SESSIONS.operator, { disablePayment: true }));
    renderApp('/flight/orders/o1');
    const pay = await screen.findByTestId('order-pay', {}, WAIT);
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(REASON);
    expect(screen.getByTestId('order-pay-other')).toBeDisabled();
    expect(screen.getByTestId('order-pay-other')).toHaveAccessibleDescription(REASON);
    // The cancel action is no payment: the setting leaves it.
    expect(screen.getByTestId('order-cancel')).toBeEnabled();
  });
});
