import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { makeSolution, solutionsResult } from '../../../test/flight-fixtures';
import { SESSIONS } from '../../../test/fixtures';
import { detachedStyles, prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { PnrSearch } from './pnr-search';

const READING: PnrAnalysisResult = {
  journeys: [
    { origin: 'PEK', destination: 'SHA', date: '2030-05-01' },
    { origin: 'SHA', destination: 'PEK', date: '2030-05-05' },
  ],
  segments: [
    {
      carrier: 'CA',
      flightNumber: '1501',
      bookingClass: 'Y',
      date: '2030-05-01',
      origin: 'PEK',
      destination: 'SHA',
      departureTime: '08:00',
      arrivalTime: '10:15',
      arrivalDayOffset: 0,
      status: 'HK',
    },
    {
      carrier: 'MU',
      flightNumber: '5102',
      bookingClass: null,
      date: '2030-05-05',
      origin: 'SHA',
      destination: 'PEK',
      departureTime: '22:30',
      arrivalTime: '00:50',
      arrivalDayOffset: 1,
      status: 'RR',
    },
  ],
  passengers: [
    {
      surname: 'ZHANG',
      givenName: 'SAN',
      title: 'MR',
      type: 'adult',
      document: {
        kind: 'national-id',
        number: '110101198001011234',
        issuingCountry: null,
        nationality: null,
        birthday: null,
        gender: null,
        expiryDate: null,
      },
    },
    { surname: 'ZHANG', givenName: 'XIAOMING', title: null, type: 'child', document: null },
  ],
  recordLocator: 'JX4Y2K',
  unreadLines: [' 6.    ARNK'],
  unread: [{ line: 4, text: ' 6.    ARNK' }],
};

const WAIT = { timeout: 30_000 };

async function renderPnrSearch() {
  await prepare(SESSIONS.operator);
  useFlightSearchStore.getState().clear();
  const onPriced = vi.fn();
  render(
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <PnrSearch onPriced={onPriced} onSearchJourney={vi.fn()} />
      </AppProviders>
    </StyleProvider>,
  );
  await userEvent.type(screen.getByLabelText('PNR or itinerary text'), ' 1.ZHANG/SAN MR');
  return onPriced;
}

describe('PNR mode: confirm what was read, then price exactly those flights', () => {
  it('shows the passengers, flights and unread lines before anything is priced', async () => {
    let priced = false;
    server.use(
      http.post('/shopping/v2/flight/analysis-pnr', () => HttpResponse.json(envelope(READING))),
      http.post(
        '/shopping/v2/flight/accurate-search',
        () => ((priced = true), HttpResponse.json(envelope({}))),
      ),
    );
    await renderPnrSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Read PNR' }));
    const review = await screen.findByTestId('pnr-review', {}, WAIT);
    expect(within(review).getByText('Record locator JX4Y2K')).toBeInTheDocument();
    const flights = within(review).getByTestId('pnr-flights');
    expect(within(flights).getByText('CA1501')).toBeInTheDocument();
    expect(within(flights).getByText('PEK → SHA')).toBeInTheDocument();
    expect(within(flights).getByText('22:30 – 00:50 +1')).toBeInTheDocument();
    const passengers = within(review).getByTestId('pnr-passengers');
    expect(within(passengers).getByText('ZHANG/SAN MR')).toBeInTheDocument();
    expect(within(passengers).getByText('ZHANG/XIAOMING')).toBeInTheDocument();
    expect(within(passengers).getByText('Child')).toBeInTheDocument();
    expect(within(passengers).getByText(/110101198001011234/)).toBeInTheDocument();
    const unread = within(review).getByTestId('pnr-unread');
    expect(within(unread).getByText('1 line(s) could not be read')).toBeInTheDocument();
    expect(within(unread).getByText(/Line 4/)).toBeInTheDocument();
    expect(priced).toBe(false);
  });

  it('prices exactly the read flights and keeps them, with the PNR passengers, as the search', async () => {
    let request: unknown = null;
    const solution = makeSolution({ id: 'acc-1', total: '1200.00' });
    server.use(
      http.post('/shopping/v2/flight/analysis-pnr', () => HttpResponse.json(envelope(READING))),
      http.post('/shopping/v2/flight/accurate-search', async ({ request: r }) => {
        request = await r.json();
        return HttpResponse.json(envelope({ ...solutionsResult([solution]), searchId: 'acc-search' }));
      }),
    );
    const onPriced = await renderPnrSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Read PNR' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Price these flights' }, WAIT));
    await waitFor(() => expect(onPriced).toHaveBeenCalledWith(READING));
    expect(request).toEqual({
      segments: [
        {
          carrier: 'CA',
          flightNumber: '1501',
          origin: 'PEK',
          destination: 'SHA',
          date: '2030-05-01',
          bookingClass: 'Y',
        },
        { carrier: 'MU', flightNumber: '5102', origin: 'SHA', destination: 'PEK', date: '2030-05-05' },
      ],
      passengers: { adult: 1, child: 1, infant: 0 },
    });
    const stored = useFlightSearchStore.getState().search;
    expect(stored).toMatchObject({
      searchId: 'acc-search',
      request: {
        bookingType: 'roundtrip',
        journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-05-01', returnDate: '2030-05-05' }],
        passengers: { adult: 1, child: 1, infant: 0 },
      },
      pnrPassengers: READING.passengers,
    });
    expect((stored?.result as { solutions: { id: string }[] }).solutions.map((s) => s.id)).toEqual(['acc-1']);
  });

  it('shows names read in Chinese characters as they are written', async () => {
    const chinese: PnrAnalysisResult = {
      ...READING,
      passengers: [
        { surname: '欧阳', givenName: '娜娜', title: null, type: 'adult', document: null },
        { surname: '王', givenName: '芳', title: null, type: 'adult', document: null },
      ],
    };
    server.use(http.post('/shopping/v2/flight/analysis-pnr', () => HttpResponse.json(envelope(chinese))));
    await renderPnrSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Read PNR' }));
    const passengers = await screen.findByTestId('pnr-passengers', {}, WAIT);
    expect(within(passengers).getByText('欧阳娜娜')).toBeInTheDocument();
    expect(within(passengers).getByText('王芳')).toBeInTheDocument();
  });

  it('lists the lines of a text with no flight it could read', async () => {
    server.use(
      http.post('/shopping/v2/flight/analysis-pnr', () =>
        HttpResponse.json(
          envelope({ unreadLines: ['please call me'] }, 400005, 'No flight could be read from this PNR'),
          { status: 422 },
        ),
      ),
    );
    await renderPnrSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Read PNR' }));
    expect(await screen.findByText('please call me', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('pnr-review')).not.toBeInTheDocument();
  });
});
