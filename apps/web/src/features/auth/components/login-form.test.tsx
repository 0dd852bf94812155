import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/stores/session-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

describe('login form', () => {
  it('shows the username format error and does not submit', async () => {
    await prepare();
    renderApp('/');
    await userEvent.type(await screen.findByLabelText('Username'), 'a b');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username format error')).toBeInTheDocument();
  });

  it('asks for both fields, moves to the first one with a problem and checks a field as it is typed', async () => {
    await prepare();
    let sent = false;
    server.use(
      http.post('/base/v2/login', () => {
        sent = true;
        return HttpResponse.json(envelope(SESSIONS.operator));
      }),
    );
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveFocus();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(username, 'operator');
    await waitFor(() => expect(screen.queryByText('Please enter your username')).not.toBeInTheDocument());
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(sent).toBe(false);
  });

  it('logs in, greets and goes to the landing page', async () => {
    await prepare();
    server.use(http.post('/base/v2/login', () => HttpResponse.json(envelope(SESSIONS.operator))));
    const { router } = renderApp('/');
    await userEvent.type(await screen.findByLabelText('Username'), 'operator');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flight/booking'));
    expect(useSessionStore.getState().token).toBe('token-operator');
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
  });
});
