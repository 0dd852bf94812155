import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VerificationResult } from '@portal/domain/shopping';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { makeSolution, PEK_SHA, solutionsDelta, solutionsResult } from '../../../test/flight-fixtures';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };
const LISTED = makeSolution({ id: 'sol-1', total: '1000.00' });
const REPRICED = makeSolution({ id: 'sol-1b', total: '1100.00' });

async function bookWith(result: VerificationResult | (() => Response)) {
  await prepare(SESSIONS.operator);
  server.use(
    http.post('/shopping/v2/flight/solutions/:id/verification', () =>
      typeof result === 'function' ? result() : HttpResponse.json(envelope(result)),
    ),
  );
  useFlightSearchStore
    .getState()
    .setSearch({ request: PEK_SHA, searchId: 's-1', result: solutionsResult([LISTED]) });
  const view = renderApp('/flight/booking');
  const card = await screen.findByTestId('solution-card', {}, WAIT);
  await userEvent.click(within(card).getByRole('button', { name: 'Book' }));
  return view;
}

describe('price check', () => {
  it('price changed: shows old and new price; Accept new price goes to the confirmation page', async () => {
    const { router } = await bookWith({
      outcome: 'price_changed',
      solution: REPRICED,
      previousTotal: { amount: '1000.00', currency: 'CNY' },
    });
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('The price has changed')).toBeInTheDocument();
    expect(within(dialog).getByTestId('old-price')).toHaveTextContent('CNY 1,000.00');
    expect(within(dialog).getByTestId('new-price')).toHaveTextContent('CNY 1,100.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept new price' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flight/booking/confirm'));
    expect(await screen.findByTestId('flight-confirm', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('CNY 1,100.00');
    expect(screen.getByTestId('booking-form')).toBeInTheDocument();
  });

  it('price changed: Back to search closes the dialog and stays on the list', async () => {
    const { router } = await bookWith({
      outcome: 'price_changed',
      solution: REPRICED,
      previousTotal: { amount: '1000.00', currency: 'CNY' },
    });
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to search' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/flight/booking');
    expect(useFlightSearchStore.getState().verified).toBeNull();
  });

  it('confirmed goes straight to the confirmation page', async () => {
    const { router } = await bookWith({
      outcome: 'confirmed',
      solution: LISTED,
      previousTotal: { amount: '1000.00', currency: 'CNY' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/flight/booking/confirm'), WAIT);
  });

  it('restrictions changed: Proceed and clear continues, Keep current choice stays', async () => {
    await bookWith({
      outcome: 'restrictions_changed',
      solution: REPRICED,
      previousTotal: { amount: '1000.00', currency: 'CNY' },
    });
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByRole('button', { name: 'Keep current choice' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed and clear' }));
    expect(
      await screen.findByText(/passenger information will have to be entered again/, {}, WAIT),
    ).toBeInTheDocument();
  });

  it('timeout offers a retry', async () => {
    await bookWith({
      outcome: 'timeout',
      solution: null,
      previousTotal: { amount: '1000.00', currency: 'CNY' },
    });
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('Price check timed out')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('an expired quote (410) says so and searches again', async () => {
    let started = 0;
    server.use(
      http.post('/shopping/v2/flight/async-shopping', () => {
        started += 1;
        return HttpResponse.json(envelope({ searchId: 's-again', expiresAt: '' }));
      }),
      http.post('/shopping/v2/flight/async-shopping/solutions', () =>
        HttpResponse.json(envelope(solutionsDelta([LISTED]))),
      ),
    );
    await bookWith(() => HttpResponse.json(envelope(null, 400004, 'expired'), { status: 410 }));
    expect(await screen.findByText(/This quote has expired/, {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(started).toBe(1));
  });

  it('the confirmation page without a checked fare goes back to the search', async () => {
    await prepare(SESSIONS.operator);
    const { router } = renderApp('/flight/booking/confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/flight/booking'), WAIT);
    expect(await screen.findByText('Choose a fare and check its price first.')).toBeInTheDocument();
  });
});
