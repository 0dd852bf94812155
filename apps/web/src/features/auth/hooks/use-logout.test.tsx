import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useSessionStore } from '../../../shared/stores/session-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';

describe('logout', () => {
  it('clears the session and flight search, says so, and returns to / even when the server fails', async () => {
    await prepare(SESSIONS.operator);
    useFlightSearchStore.getState().setSearch({ origin: 'PEK' });
    server.use(http.delete('/base/v2/me', () => HttpResponse.error()));
    const { router } = renderApp('/flight/booking');
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.queryByText('Please log in')).not.toBeInTheDocument();
    const session = useSessionStore.getState();
    expect([session.token, session.userInfo, session.company, session.websitePrefix]).toEqual([
      null,
      null,
      null,
      '',
    ]);
    expect(session.permissions).toEqual([]);
    expect(useFlightSearchStore.getState().search).toBeNull();
  });
});
