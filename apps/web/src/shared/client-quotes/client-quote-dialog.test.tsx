import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_QUOTE } from '../../test/client-quote-fixtures';
import { prepare, renderElement } from '../../test/render-app';
import { envelope, server } from '../../test/server';
import { ClientQuoteDialog } from './client-quote-dialog';

const WAIT = { timeout: 30000 };
const SLOW = 40000;

function renderDialog() {
  return renderElement(
    <ClientQuoteDialog
      open
      source={{ kind: 'solution', solutionId: 's1' }}
      currency="CNY"
      fare={{ passengers: 1, fareMinor: 100_000 }}
      onClose={() => undefined}
    />,
  );
}

async function typeFee(amount: string) {
  const input = await screen.findByRole('textbox', { name: 'Service fee' }, WAIT);
  await userEvent.clear(input);
  await userEvent.type(input, amount);
}

describe('ClientQuoteDialog', () => {
  beforeEach(() => prepare());

  it(
    'refuses a fee above the fare and a malformed one without calling the server',
    async () => {
      let calls = 0;
      server.use(
        http.post('/order/v2/flight/client-quotes', () => {
          calls += 1;
          return HttpResponse.json(envelope(CLIENT_QUOTE));
        }),
      );
      renderDialog();
      await typeFee('1000.01');
      await userEvent.click(screen.getByTestId('client-quote-create'));
      expect(
        await screen.findByText('The service fee may not be more than the fare itself', {}, WAIT),
      ).toBeTruthy();
      await typeFee('12.345');
      await userEvent.click(screen.getByTestId('client-quote-create'));
      expect(
        await screen.findByText('Enter an amount of 0 or more with at most 2 decimal places', {}, WAIT),
      ).toBeTruthy();
      expect(calls).toBe(0);
    },
    SLOW,
  );

  it(
    'sends the fee in the quote currency with an Idempotency-Key, then shows the link, PDF and validity',
    async () => {
      let sent: unknown;
      let key: string | null = null;
      server.use(
        http.post('/order/v2/flight/client-quotes', async ({ request }) => {
          sent = await request.json();
          key = request.headers.get('idempotency-key');
          return HttpResponse.json(envelope(CLIENT_QUOTE));
        }),
      );
      renderDialog();
      await typeFee('50');
      await userEvent.type(screen.getByRole('textbox', { name: 'Traveller name' }), 'Ada Lovelace');
      await userEvent.click(screen.getByTestId('client-quote-create'));
      const link = await screen.findByTestId('client-quote-link', {}, WAIT);
      expect((link as HTMLInputElement).value).toBe(`${window.location.origin}${CLIENT_QUOTE.publicPath}`);
      expect(sent).toEqual({
        source: { kind: 'solution', solutionId: 's1' },
        serviceFee: { mode: 'per_passenger', amount: { amount: '50', currency: 'CNY' } },
        travellerName: 'Ada Lovelace',
        note: null,
        language: 'en',
      });
      expect(key).toBeTruthy();
      expect(screen.getByTestId('client-quote-pdf')).toBeTruthy();
      expect(screen.getByTestId('client-quote-expiry').textContent).toMatch(/^Valid until /);
      expect(screen.getByText('CNY 1,050.00')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows the server's refusal of the fee on the fee field",
    async () => {
      server.use(
        http.post('/order/v2/flight/client-quotes', () =>
          HttpResponse.json(
            envelope(
              { errors: [{ path: 'serviceFee.amount', message: 'Fee refused by the server' }] },
              100001,
              'Illegal input',
            ),
            { status: 400 },
          ),
        ),
      );
      renderDialog();
      await typeFee('10');
      await userEvent.click(screen.getByTestId('client-quote-create'));
      await waitFor(() => expect(screen.getByText('Fee refused by the server')).toBeTruthy(), WAIT);
    },
    SLOW,
  );
});
