import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import type { FlightOrder } from '@portal/domain/flight-order';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { issuedOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 60_000;

/** The fare's terms as the order's detail tells them: no voluntary change or refund now. */
const saver = (disruptionOnRecord: boolean): FlightOrder =>
  issuedOrder({ disruptionOnRecord, voluntaryAfterSales: { change: 'notAllowed', refund: 'notAllowed' } });

async function openOrder(order: FlightOrder) {
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', () => HttpResponse.json(envelope(order))),
  );
  await prepare(SESSIONS.operator);
  renderApp(`/flight/orders/${order.id}`);
  return screen.findByTestId('order-refund', {}, WAIT);
}

describe('after-sales of a fare whose terms allow no voluntary change or refund', () => {
  it(
    'offers no Change when no disruption is on record: no reason would be accepted',
    async () => {
      await openOrder(saver(false));
      expect(screen.queryByTestId('order-change')).toBeNull();
    },
    SLOW,
  );

  it(
    "offers Change with a disruption on record, the voluntary reasons disabled with the fare's rule",
    async () => {
      await openOrder(saver(true));
      await userEvent.click(await screen.findByTestId('order-change', {}, WAIT));
      const form = await screen.findByTestId('change-form', {}, WAIT);
      expect(within(form).getByTestId('change-fare-refusal')).toHaveTextContent(
        ERROR_MESSAGES['afterSales.error.changeNotAllowed'].en,
      );
      await userEvent.click(within(form).getByRole('combobox', { name: 'Reason' }));
      expect(await screen.findByTitle('Voluntary change')).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByTitle('Airline schedule change')).not.toHaveAttribute('aria-disabled', 'true');
    },
    SLOW,
  );

  it(
    "disables the voluntary refund reasons with the fare's rule, the airline's own ones stay",
    async () => {
      await userEvent.click(await openOrder(saver(false)));
      const dialog = await screen.findByTestId('refund-dialog', {}, WAIT);
      expect(within(dialog).getByTestId('refund-fare-refusal')).toHaveTextContent(
        ERROR_MESSAGES['afterSales.error.refundNotAllowed'].en,
      );
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
      expect(await screen.findByTitle('Change of plans')).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByTitle('Involuntary (airline)')).not.toHaveAttribute('aria-disabled', 'true');
    },
    SLOW,
  );
});
