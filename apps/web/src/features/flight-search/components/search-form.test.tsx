import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIn } from '@portal/domain/time-zone-names';
import { addDays } from '@portal/domain/two-digit-year';
import { inTimeZone, SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { i18n } from '../../../shared/i18n/i18n';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { makeSolution, PEK_SHA, solutionsResult } from '../../../test/flight-fixtures';
import { checkForm } from '../model/journey-errors';
import { defaultFormValues } from '../model/search-form';

async function pick(label: string, query: string, option: RegExp) {
  const box = await screen.findByRole('combobox', { name: label }, { timeout: 30_000 });
  await userEvent.click(box);
  await userEvent.type(box, query);
  // Wait for the airport's option itself: other options (the footer's currencies) are there at once.
  const match = await waitFor(
    () => {
      const options = screen.getAllByRole('option');
      const found = options.find((o) => option.test(o.textContent ?? ''));
      if (!found)
        throw new Error(`no option ${option} among ${options.map((o) => o.textContent).join(' | ')}`);
      return found;
    },
    { timeout: 30_000 },
  );
  await userEvent.click(match);
}

describe('flight search form', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts one-way, tomorrow, 1 adult, 0 children, 0 infants, Economy', async () => {
    await prepare(SESSIONS.operator);
    renderApp('/flight/booking');
    const form = await screen.findByTestId('flight-search-form', {}, { timeout: 30_000 });
    expect(within(form).getByRole('radio', { name: 'One-way' })).toBeChecked();
    expect(within(form).getByLabelText('Departure date')).toHaveValue(
      addDays(todayIn(SESSIONS.operator.company.timeZone), 1),
    );
    expect(within(form).getByLabelText('Adults')).toHaveValue('1');
    expect(within(form).getByLabelText('Children')).toHaveValue('0');
    expect(within(form).getByLabelText('Infants')).toHaveValue('0');
    expect(within(form).getByTestId('search-cabin')).toHaveTextContent('Economy');
  });

  it(
    'rejects PEK → PKX as the same city, naming the leg (order.flight.booking.journeyError.rules)',
    { timeout: 60000 },
    async () => {
      await prepare(SESSIONS.operator);
      let searched = false;
      server.use(
        http.post(
          '/shopping/v2/flight/async-shopping',
          () => ((searched = true), HttpResponse.json(envelope({}))),
        ),
      );
      renderApp('/flight/booking');
      await pick('From', 'PEK', /\(PEK\)/);
      await pick('To', 'PKX', /\(PKX\)/);
      await userEvent.click(screen.getByRole('button', { name: 'Search' }));
      expect(
        await screen.findByText('Flight 1: Origin and destination cannot be the same city or airport'),
      ).toBeInTheDocument();
      expect(searched).toBe(false);
    },
  );

  it.each([
    ['Asia/Shanghai', '2026-12-02'],
    ['America/Los_Angeles', '2026-12-01'],
  ])("defaults to tomorrow in the agency's calendar (%s), not the browser's", async (zone, tomorrow) => {
    // 23:30 UTC on 30 November: 1 December in Shanghai, still 30 November in Los Angeles.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
    await prepare(inTimeZone(SESSIONS.operator, zone));
    renderApp('/flight/booking');
    const form = await screen.findByTestId('flight-search-form', {}, { timeout: 30_000 });
    expect(within(form).getByLabelText('Departure date')).toHaveValue(tomorrow);
  });

  it('uses the exact key flight.booking.journeyError.empty for an empty journey list', () => {
    const t = i18n.getFixedT('en');
    const errors = checkForm({ ...defaultFormValues('2030-05-02'), legs: [] }, (c) => c, t);
    expect(errors?.general).toEqual([t('flight.booking.journeyError.empty')]);
    expect(i18n.exists('flight.booking.journeyError.empty')).toBe(true);
    expect(i18n.exists('order.flight.booking.journeyError.rules')).toBe(true);
  });

  it('refuses a date before today and, for multi-city, a city where an airport is needed', () => {
    const t = i18n.getFixedT('en');
    const rules = { today: '2030-05-02', isAirport: (c: string) => c !== 'BJS' };
    const yesterday = { origin: 'PEK', destination: 'SHA', date: '2030-05-01' };
    const oneWay = { ...defaultFormValues(rules.today), legs: [yesterday] };
    expect(checkForm(oneWay, (c) => c, t, rules)?.legs).toEqual({
      0: 'Flight 1: This departure date has passed',
    });
    const byCity = { origin: 'BJS', destination: 'SHA', date: '2030-05-03' };
    expect(checkForm({ ...oneWay, legs: [byCity] }, (c) => c, t, rules)).toBeNull();
    const multi = {
      ...oneWay,
      bookingType: 'multicity' as const,
      legs: [byCity, { origin: 'SHA', destination: 'CAN', date: '2030-05-04' }],
    };
    expect(checkForm(multi, (c) => c, t, rules)?.legs).toEqual({
      0: 'Flight 1: Multi-city flights take airports, not cities',
    });
  });

  it('allows up to five multi-city flights: the add button is disabled at five', async () => {
    await prepare(SESSIONS.operator);
    renderApp('/flight/booking');
    await userEvent.click(await screen.findByText('Multi-city', {}, { timeout: 30_000 }));
    const add = screen.getByRole('button', { name: 'Add a flight (up to 5)' });
    expect(screen.getAllByTestId(/^leg-\d$/)).toHaveLength(2);
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    expect(screen.getAllByTestId(/^leg-\d$/)).toHaveLength(5);
    expect(add).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove flight 5' }));
    await waitFor(() => expect(add).toBeEnabled());
  });

  it('shows a server JOURNEY_INVALID rule inline on its leg, and one without a leg above', async () => {
    await prepare(SESSIONS.operator);
    server.use(
      http.post('/shopping/v2/flight/async-shopping', () =>
        HttpResponse.json(
          envelope(
            {
              errors: [
                { key: 'flight.booking.journeyError.datePast', legIndex: 0 },
                { key: 'flight.booking.journeyError.dateOrder', legIndex: 1 },
              ],
            },
            400001,
            'invalid',
          ),
          { status: 400 },
        ),
      ),
    );
    useFlightSearchStore
      .getState()
      .setSearch({ request: PEK_SHA, searchId: 's-0', result: solutionsResult([]) });
    renderApp('/flight/booking');
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }, { timeout: 30_000 }));
    const leg = await screen.findByTestId('leg-0');
    expect(await within(leg).findByText('Flight 1: This departure date has passed')).toBeInTheDocument();
    // A one-way form shows one leg: the server's leg 2 goes with the general errors.
    expect(screen.getByText('Flight 2: A flight cannot depart before the previous one')).toBeInTheDocument();
  });

  it('submits with Enter from a field', async () => {
    await prepare(SESSIONS.operator);
    renderApp('/flight/booking');
    const adults = await screen.findByLabelText('Adults', {}, { timeout: 30_000 });
    await userEvent.type(adults, '{Enter}');
    expect(await screen.findByText(/Flight 1: Choose where the flight departs from/)).toBeInTheDocument();
  });

  it('PNR mode prices the read flights with accurate-search, never a route search, and lists them', async () => {
    await prepare(SESSIONS.operator);
    let routeSearched = false;
    const priced = makeSolution({ id: 'acc-1', total: '1234.00' });
    server.use(
      http.post('/shopping/v2/flight/analysis-pnr', () =>
        HttpResponse.json(
          envelope({
            journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-05-01' }],
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
            ],
            passengers: [{ surname: 'ZHANG', givenName: 'SAN', title: 'MR', type: 'adult', document: null }],
            recordLocator: null,
            unreadLines: [],
            unread: [],
          }),
        ),
      ),
      http.post('/shopping/v2/flight/async-shopping', () => {
        routeSearched = true;
        return HttpResponse.json(envelope({ searchId: 's-route', expiresAt: '' }));
      }),
      http.post('/shopping/v2/flight/accurate-search', () =>
        HttpResponse.json(envelope({ ...solutionsResult([priced]), searchId: 'acc-search' })),
      ),
    );
    renderApp('/flight/booking');
    await userEvent.click(await screen.findByText('PNR code', {}, { timeout: 30_000 }));
    // The PNR mode loads when chosen.
    const pnrText = await screen.findByLabelText('PNR or itinerary text', {}, { timeout: 30_000 });
    await userEvent.type(pnrText, ' 1.ZHANG/SAN MR');
    await userEvent.click(screen.getByRole('button', { name: 'Read PNR' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Price these flights' }, { timeout: 30_000 }),
    );
    expect(await screen.findByTestId('solution-card', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(useFlightSearchStore.getState().search).toMatchObject({ searchId: 'acc-search' });
    expect(routeSearched).toBe(false);
  });
});
