import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { SESSIONS } from '../../../test/fixtures';
import { solutionsDelta } from '../../../test/flight-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { issuedOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 60_000;

const HINT =
  'No disruption or schedule change is recorded on this booking: “Airline schedule change” cannot be the reason; choose another reason';

/** The order and its empty side lists; the change search bodies are kept. */
function serve(order: FlightOrder) {
  const searches: unknown[] = [];
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', () => HttpResponse.json(envelope(order))),
    http.post('/order/v2/flight/orders/:id/change/search', async ({ request }) => {
      searches.push(await request.json());
      return HttpResponse.json(envelope({ searchId: 'cs-1', expiresAt: '2030-01-01T00:00:00.000Z' }));
    }),
    http.post('/shopping/v2/flight/async-shopping/solutions', () =>
      HttpResponse.json(envelope(solutionsDelta([]))),
    ),
  );
  return searches;
}

/** Opens the change dialog of `order`, picks its first ticket and opens the reason list. */
async function changeDialog(order: FlightOrder) {
  await prepare(SESSIONS.operator);
  renderApp(`/flight/orders/${order.id}`);
  await userEvent.click(await screen.findByTestId('order-change', {}, WAIT));
  const content = await screen.findByTestId('change-form', {}, WAIT);
  const dialog = within(content.closest<HTMLElement>('[role="dialog"]') ?? content);
  await userEvent.click(dialog.getByRole('checkbox', { name: 'ZHANG/SAN' }));
  await userEvent.click(dialog.getByRole('checkbox', { name: 'CA1501' }));
  await userEvent.click(dialog.getByRole('combobox', { name: 'Reason' }));
  const airline = await screen.findByTitle('Airline schedule change');
  return { dialog, airline, search: () => dialog.getByTestId('change-search') };
}

describe('change form: the airline schedule change reason', () => {
  it(
    'without a disruption on record is disabled with why, and no search is sent with it',
    async () => {
      const order = issuedOrder({ disruptionOnRecord: false });
      const searches = serve(order);
      const { dialog, airline, search } = await changeDialog(order);
      expect(dialog.getByTestId('change-involuntary-hint')).toHaveTextContent(HINT);
      expect(airline).toHaveAttribute('aria-disabled', 'true');

      await userEvent.click(airline);
      await userEvent.click(search());
      expect(await dialog.findByText('Choose a reason', {}, WAIT)).toBeInTheDocument();
      expect(searches).toEqual([]);

      // A voluntary reason is still offered and searched.
      await userEvent.click(dialog.getByRole('combobox', { name: 'Reason' }));
      await userEvent.click(await screen.findByTitle('Voluntary change'));
      await userEvent.click(search());
      await waitFor(() => expect(searches).toHaveLength(1), WAIT);
      expect(searches[0]).toMatchObject({ reason: 0 });
    },
    SLOW,
  );

  it(
    'with a disruption on record is offered without the hint and searched',
    async () => {
      const order = issuedOrder({ disruptionOnRecord: true });
      const searches = serve(order);
      const { dialog, airline, search } = await changeDialog(order);
      expect(dialog.queryByTestId('change-involuntary-hint')).toBeNull();
      expect(airline).not.toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(airline);
      await userEvent.click(search());
      await waitFor(() => expect(searches).toHaveLength(1), WAIT);
      expect(searches[0]).toMatchObject({ reason: 1 });
    },
    SLOW,
  );
});
