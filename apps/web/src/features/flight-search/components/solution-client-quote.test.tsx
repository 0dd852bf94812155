import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { CLIENT_QUOTE } from '../../../test/client-quote-fixtures';
import { makeSolution, PEK_SHA, solutionsResult } from '../../../test/flight-fixtures';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };
const SLOW = 40000;

describe('quote for client on a search result', () => {
  it(
    "quotes the result's solution and checks the fee against its fare first",
    async () => {
      let sent: unknown;
      server.use(
        http.post('/order/v2/flight/client-quotes', async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json(envelope(CLIENT_QUOTE));
        }),
      );
      await prepare(SESSIONS.operator);
      useFlightSearchStore.getState().setSearch({
        request: PEK_SHA,
        searchId: 's-1',
        result: solutionsResult([makeSolution({ id: 'sol-1', total: '1000.00' })]),
      });
      renderApp('/flight/booking');
      const [card] = await screen.findAllByTestId('solution-card', {}, WAIT);
      if (!card) throw new Error('no result');
      await userEvent.click(within(card).getByTestId('client-quote-open'));
      const dialog = await screen.findByTestId('client-quote-dialog', {}, WAIT);
      const fee = within(dialog).getByRole('textbox', { name: 'Service fee' });
      await userEvent.clear(fee);
      await userEvent.type(fee, '5000');
      await userEvent.click(within(dialog).getByTestId('client-quote-create'));
      expect(
        await within(dialog).findByText('The service fee may not be more than the fare itself', {}, WAIT),
      ).toBeTruthy();
      await userEvent.clear(fee);
      await userEvent.type(fee, '80');
      await userEvent.click(within(dialog).getByTestId('client-quote-create'));
      expect(await screen.findByTestId('client-quote-link', {}, WAIT)).toBeInTheDocument();
      expect(sent).toMatchObject({ source: { kind: 'solution', solutionId: 'sol-1' } });
    },
    SLOW,
  );
});
