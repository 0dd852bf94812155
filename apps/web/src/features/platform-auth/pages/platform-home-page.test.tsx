import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { usePlatformSessionStore } from '../../../shared/platform/platform-session-store';
import { useSessionStore } from '../../../shared/stores/session-store';
import { SESSIONS } from '../../../test/fixtures';
import { PLATFORM_FINANCE, preparePlatform } from '../../../test/platform-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

async function fillIn(username: string, password: string, code: string) {
  await userEvent.type(await screen.findByLabelText('User name'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Authenticator code (6 digits)'), code);
}

describe('the platform sign-in and guard', () => {
  it('sends a visitor without a platform session to the platform sign-in, even with an agency session', async () => {
    await prepare(SESSIONS.admin);
    const { router } = renderApp('/platform/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/platform'));
    expect(await screen.findByTestId('platform-sign-in-form')).toBeInTheDocument();
    expect(screen.queryByTestId('platform-sign-out')).not.toBeInTheDocument();
  });

  it('asks for every field and a six-digit code, moving to the first problem, without sending', async () => {
    await prepare();
    let sent = false;
    server.use(
      http.post('/platform/v2/login', () => {
        sent = true;
        return HttpResponse.json(envelope(PLATFORM_FINANCE));
      }),
    );
    renderApp('/platform');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your user name')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toHaveFocus();
    await fillIn('platform.finance', 'secret', '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('The code is the 6 digits your authenticator app shows'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Authenticator code (6 digits)')).toHaveFocus();
    expect(sent).toBe(false);
  });

  it('signs in with the keyboard, keeps the agency session apart, and shows the back office', async () => {
    await prepare(SESSIONS.operator);
    let body: unknown;
    server.use(
      http.post('/platform/v2/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(PLATFORM_FINANCE));
      }),
    );
    renderApp('/platform');
    await fillIn('platform.finance', 'secret', '123456{Enter}');
    expect(await screen.findByTestId('platform-home-page')).toBeInTheDocument();
    expect(body).toEqual({ username: 'platform.finance', password: 'secret', code: '123456' });
    expect(screen.getByText('Welcome, platform.finance')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Platform menu' });
    expect(within(menu).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/platform/audit');
    expect(usePlatformSessionStore.getState().token).toBe('plt.token-finance');
    expect(useSessionStore.getState().token).toBe(SESSIONS.operator.token);
  });

  it('shows a refusal above the fields, empties and focuses the code, and clears the message on typing', async () => {
    await prepare();
    server.use(
      http.post('/platform/v2/login', () =>
        HttpResponse.json(envelope(null, 900001, 'Wrong user name, password or code'), { status: 401 }),
      ),
    );
    renderApp('/platform');
    await fillIn('platform.finance', 'wrong', '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByText(/Wrong user name, password or code/);
    expect(alert).toBeInTheDocument();
    const code = screen.getByLabelText('Authenticator code (6 digits)');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    await userEvent.type(code, '6');
    await waitFor(() =>
      expect(screen.queryByText(/Wrong user name, password or code/)).not.toBeInTheDocument(),
    );
    expect(usePlatformSessionStore.getState().token).toBeNull();
  });

  it('signs out of the platform only, with the platform token', async () => {
    await prepare(SESSIONS.admin);
    preparePlatform();
    let authorization: string | null = null;
    server.use(
      http.delete('/platform/v2/me', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(envelope({}));
      }),
    );
    renderApp('/platform');
    await userEvent.click(await screen.findByTestId('platform-sign-out'));
    expect(await screen.findByTestId('platform-sign-in-form')).toBeInTheDocument();
    expect(authorization).toBe('Bearer plt.token-finance');
    expect(usePlatformSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().token).toBe(SESSIONS.admin.token);
  });

  it('signs out here when the server has ended the stored platform session', async () => {
    await prepare(SESSIONS.admin);
    preparePlatform();
    server.use(
      http.get('/platform/v2/me', () =>
        HttpResponse.json(envelope(null, 200005, 'Your login has timed out'), { status: 401 }),
      ),
    );
    renderApp('/platform/audit');
    expect(await screen.findByTestId('platform-sign-in-form')).toBeInTheDocument();
    expect(usePlatformSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().token).toBe(SESSIONS.admin.token);
  });
});
