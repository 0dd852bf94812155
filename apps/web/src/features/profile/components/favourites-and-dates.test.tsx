import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LoginResult, UserConfig } from '@portal/domain/auth';
import { DEFAULT_AGENCY_TIME_ZONE, todayIn } from '@portal/domain/time-zone-names';
import { useSessionStore } from '../../../shared/stores/session-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { makeCard, makePassenger, passengerApi } from '../test/passenger-api';

function withConfig(config: UserConfig): LoginResult {
  const base = SESSIONS.operator;
  return { ...base, userInfo: { ...base.userInfo, config } };
}

/** Records PUT /base/v2/me/config/{key} and answers the stored config. */
function configApi(initial: UserConfig) {
  const sent: { key: string; value: unknown }[] = [];
  let config = initial;
  server.use(
    http.put('/base/v2/me/config/:key', async ({ params, request }) => {
      const { value } = (await request.json()) as { value: unknown };
      const key = String(params.key);
      sent.push({ key, value });
      config = { ...config, [key]: value };
      return HttpResponse.json(envelope(config));
    }),
  );
  return { sent };
}

describe('favourites on the account page', () => {
  it('refuses to save empty favourite cities and countries', async () => {
    await prepare(withConfig({}));
    const api = configApi({});
    renderApp('/profile');
    const save = within(
      (await screen.findByText('Favourite cities and countries')).closest('.ant-card') as HTMLElement,
    ).getByRole('button', { name: 'Save' });
    fireEvent.submit(save.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Choose at least one favourite city')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one favourite country')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  }, 30000);

  it('saves the chosen cities and countries', async () => {
    await prepare(withConfig({ cities: ['SHA'], countries: ['CN'] }));
    const api = configApi({ cities: ['SHA'], countries: ['CN'] });
    renderApp('/profile');
    const card = (await screen.findByText('Favourite cities and countries')).closest(
      '.ant-card',
    ) as HTMLElement;
    fireEvent.submit(within(card).getByRole('button', { name: 'Save' }).closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(api.sent).toEqual([
        { key: 'cities', value: ['SHA'] },
        { key: 'countries', value: ['CN'] },
      ]),
    );
  }, 30000);
});

describe('the default date format', () => {
  it('shows the dates of the account page in the chosen format', async () => {
    await prepare(withConfig({ dateFormat: 'dd/MM/yyyy' }));
    const api = passengerApi(
      [makePassenger(1, { birthday: '1990-03-25' })],
      [makeCard(1, { expiryDate: '2031-12-31' })],
    );
    server.use(...api.handlers);
    renderApp('/profile');
    const cards = within(await screen.findByTestId('member-cards'));
    expect(await cards.findByText('31/12/2031')).toBeInTheDocument();
    expect(cards.queryByText('2031-12-31')).not.toBeInTheDocument();
    expect(await screen.findByText('25/03/1990')).toBeInTheDocument();
  }, 30000);

  it('changes every date shown once the user picks another format', async () => {
    await prepare(withConfig({}));
    const api = passengerApi([], [makeCard(1, { expiryDate: '2031-12-31' })]);
    server.use(...api.handlers);
    configApi({});
    renderApp('/profile');
    const cards = within(await screen.findByTestId('member-cards'));
    expect(await cards.findByText('2031-12-31')).toBeInTheDocument();
    const current = useSessionStore.getState().userInfo;
    if (!current) throw new Error('no user');
    useSessionStore.getState().updateUserInfo({ ...current, config: { dateFormat: 'MM/dd/yyyy' } });
    expect(await cards.findByText('12/31/2031')).toBeInTheDocument();
  }, 30000);

  it('shows the flight search date picker in the chosen format', async () => {
    await prepare({ ...withConfig({ dateFormat: 'dd/MM/yyyy' }), company: SESSIONS.operator.company });
    renderApp('/flight/booking');
    const form = await screen.findByTestId('flight-search-form', {}, { timeout: 30_000 });
    // The default departure is the agency's tomorrow (its calendar, not the browser's).
    const agencyToday = todayIn(SESSIONS.operator.company.timeZone ?? DEFAULT_AGENCY_TIME_ZONE);
    expect(within(form).getByLabelText('Departure date')).toHaveValue(
      dayjs(agencyToday).add(1, 'day').format('DD/MM/YYYY'),
    );
    // The search page loads the airport tables after its first render: let that finish first.
    await import('@portal/reference-data/airports');
  }, 30000);
});
