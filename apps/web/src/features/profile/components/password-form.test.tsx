import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { http, HttpResponse } from 'msw';
import { useSessionStore } from '../../../shared/stores/session-store';
import { envelope, server } from '../../../test/server';
import { passengerApi } from '../test/passenger-api';

describe('password form', () => {
  it('rejects a 5-character password and a mismatched confirmation', async () => {
    await prepare(SESSIONS.operator);
    server.use(...passengerApi([]).handlers);
    renderApp('/profile');
    await userEvent.type(await screen.findByLabelText('Current password'), 'demo1234');
    await userEvent.type(screen.getByLabelText('New password'), 'abcde');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password must be 6 to 15 characters')).toBeInTheDocument();
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
  });

  it('keeps a user with a temporary password on the account page until they set their own', async () => {
    const base = SESSIONS.operator;
    await prepare({ ...base, userInfo: { ...base.userInfo, mustChangePassword: true } });
    server.use(
      ...passengerApi([]).handlers,
      http.put('/base/v2/me/password', () => HttpResponse.json(envelope({}))),
    );
    const view = renderApp('/flight/orders');
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/profile');

    await userEvent.type(screen.getByLabelText('Current password'), 'Tmp2kq9x');
    await userEvent.type(screen.getByLabelText('New password'), 'mine1234');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'mine1234');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(useSessionStore.getState().userInfo?.mustChangePassword).toBe(false));
    await view.router.navigate('/flight/orders');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/flight/orders'));
  });
});
