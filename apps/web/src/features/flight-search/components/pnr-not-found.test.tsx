import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { toast } from '../../../shared/ui/message-bridge';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };

const segment = (
  carrier: string,
  flightNumber: string,
  date: string,
  origin: string,
  destination: string,
) => ({
  carrier,
  flightNumber,
  bookingClass: null,
  date,
  origin,
  destination,
  departureTime: null,
  arrivalTime: null,
  arrivalDayOffset: 0,
  status: null,
});

const READING: PnrAnalysisResult = {
  journeys: [
    { origin: 'PEK', destination: 'SHA', date: '2030-12-10' },
    { origin: 'SHA', destination: 'PEK', date: '2030-12-12' },
  ],
  segments: [
    segment('CA', '1501', '2030-12-10', 'PEK', 'SHA'),
    segment('MU', '5101', '2030-12-12', 'SHA', 'PEK'),
  ],
  passengers: [
    { surname: 'ZHANG', givenName: 'SAN', title: 'MR', type: 'adult', document: null },
    { surname: 'LI', givenName: 'SI', title: 'MS', type: 'adult', document: null },
  ],
  recordLocator: null,
  unreadLines: [],
  unread: [],
};

const flight = (s: (typeof READING.segments)[number], found: boolean) => ({
  carrier: s.carrier,
  flightNumber: s.flightNumber,
  origin: s.origin,
  destination: s.destination,
  date: s.date,
  found,
});

/** Pastes a PNR in the search page's PNR mode, reads it and prices it; the pricing answers `answer`. */
async function priceOnSearchPage(answer: { flights: ReturnType<typeof flight>[] }) {
  await prepare(SESSIONS.operator);
  server.use(
    http.post('/shopping/v2/flight/analysis-pnr', () => HttpResponse.json(envelope(READING))),
    http.post('/shopping/v2/flight/accurate-search', () =>
      HttpResponse.json(envelope(answer, 400006, 'These flights could not be found on the requested dates'), {
        status: 404,
      }),
    ),
  );
  renderApp('/flight/booking');
  await userEvent.click(await screen.findByText('PNR code', {}, WAIT));
  await userEvent.type(await screen.findByLabelText('PNR or itinerary text', {}, WAIT), ' 1.ZHANG/SAN MR');
  await userEvent.click(screen.getByRole('button', { name: 'Read PNR' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Price these flights' }, WAIT));
  return screen.findByTestId('pnr-not-found', {}, WAIT);
}

describe('a pasted PNR whose flights cannot be priced', () => {
  it(
    'says once which flight is not found on which date, and fills the normal search with the journey',
    { timeout: 90_000 },
    async () => {
      const [ca, mu] = READING.segments;
      if (!ca || !mu) throw new Error('no segments');
      const toasts = vi.spyOn(toast(), 'error');
      const alert = await priceOnSearchPage({ flights: [flight(ca, true), flight(mu, false)] });
      expect(within(alert).getByText('These flights could not be priced')).toBeInTheDocument();
      expect(within(alert).getByText('MU5101 SHA–PEK on 2030-12-12 could not be found')).toBeInTheDocument();
      expect(within(alert).queryByText(/CA1501/)).toBeNull();
      // One message only: no toast besides it (the generic 404 text came twice before).
      expect(toasts).not.toHaveBeenCalled();
      toasts.mockRestore();

      await userEvent.click(within(alert).getByRole('button', { name: 'Search this journey normally' }));
      const form = await screen.findByRole('form', { name: 'Flight search' }, WAIT);
      expect(screen.getByRole('radio', { name: 'Return' })).toBeChecked();
      await waitFor(() => expect(within(form).getByTestId('leg-0-origin')).toHaveTextContent('(PEK)'), WAIT);
      expect(within(form).getByTestId('leg-0-destination')).toHaveTextContent('(SHA)');
      expect(within(form).getByLabelText('Departure date')).toHaveValue('2030-12-10');
      expect(within(form).getByLabelText('Return date')).toHaveValue('2030-12-12');
      expect(within(form).getByLabelText('Adults')).toHaveValue('2');
    },
  );

  it('says when each flight exists but they are not sold together', { timeout: 90_000 }, async () => {
    const [ca, mu] = READING.segments;
    if (!ca || !mu) throw new Error('no segments');
    const alert = await priceOnSearchPage({ flights: [flight(ca, true), flight(mu, true)] });
    expect(
      within(alert).getByText(
        'Each flight exists, but no supplier sells them together as one itinerary: CA1501 PEK–SHA 2030-12-10, MU5101 SHA–PEK 2030-12-12',
      ),
    ).toBeInTheDocument();
  });
});
